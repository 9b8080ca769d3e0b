/*
 * The machine-dependent part of jni.h for Windows x86-64, which a Linux JDK does not ship (its
 * include/linux/jni_md.h is for ELF): native/build.sh puts this directory on the include path
 * when it cross-builds the JNI glue with MinGW. The JNI specification's Windows definitions:
 * exported functions, the (on x86-64 ignored) stdcall convention, and the 32- and 64-bit types.
 */
#ifndef _JAVASOFT_JNI_MD_H_
#define _JAVASOFT_JNI_MD_H_

#define JNIEXPORT __declspec(dllexport)
#define JNIIMPORT __declspec(dllimport)
#define JNICALL __stdcall

typedef long jint;
typedef long long jlong;
typedef signed char jbyte;

#endif
