#!/usr/bin/env bash
# Builds the C# binding's NuGet package, EdaxKernels.VERSION.nupkg, into OUT_DIR/feed (a local
# folder feed): lib/net45/EdaxKernels.dll (mcs, with its XML documentation: src/*.cs, one type a
# file, and the Windows declarations gen-windows.sh generates from src/Imports.cs), the native
# library for each platform (scripts/build-capi.sh, debug information stripped):
#   runtimes/linux-x64/native/libedax_kernels.so
#   runtimes/linux-arm64/native/libedax_kernels.so   (--target aarch64-unknown-linux-gnu)
#   runtimes/win-x64/native/edax_kernels.dll          (--target x86_64-pc-windows-gnu, MinGW)
# and build/EdaxKernels.targets (copies the library into .NET Framework and Mono builds' output).
# VERSION is Cargo.toml's (scripts/version.sh), also the assembly's version.
# Usage: bindings/csharp/pack.sh [OUT_DIR]   (default target/bindings/csharp); prints the package's path.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-target/bindings/csharp}
version=$(scripts/version.sh)
lib=$(scripts/build-capi.sh | tail -n 1)/libedax_kernels.so
lib_arm64=$(scripts/build-capi.sh --target aarch64-unknown-linux-gnu | tail -n 1)/libedax_kernels.so
dll=$(scripts/build-capi.sh --target x86_64-pc-windows-gnu | tail -n 1)/edax_kernels.dll
stage=$out/package
rm -rf "$stage"
mkdir -p "$stage/lib/net45" "$stage/runtimes/linux-x64/native" "$stage/runtimes/linux-arm64/native" \
    "$stage/runtimes/win-x64/native" "$stage/build" "$out/feed"
cat >"$out/AssemblyInfo.cs" <<CS
[assembly: System.Reflection.AssemblyVersion("$version")]
[assembly: System.Reflection.AssemblyFileVersion("$version")]
[assembly: System.Reflection.AssemblyInformationalVersion("$version")]
CS
bindings/csharp/gen-windows.sh "$out/EdaxKernels.Windows.g.cs"
mcs -warnaserror -nowarn:1591 -optimize+ -target:library -out:"$stage/lib/net45/EdaxKernels.dll" \
    -doc:"$stage/lib/net45/EdaxKernels.xml" bindings/csharp/src/*.cs "$out/EdaxKernels.Windows.g.cs" \
    "$out/AssemblyInfo.cs"
strip --strip-debug -o "$stage/runtimes/linux-x64/native/libedax_kernels.so" "$lib"
aarch64-linux-gnu-strip --strip-debug -o "$stage/runtimes/linux-arm64/native/libedax_kernels.so" "$lib_arm64"
x86_64-w64-mingw32-strip --strip-debug -o "$stage/runtimes/win-x64/native/edax_kernels.dll" "$dll"
cp bindings/csharp/build/EdaxKernels.targets "$stage/build/"
nuget pack bindings/csharp/EdaxKernels.nuspec -Version "$version" -Properties version="$version" \
    -BasePath "$stage" -OutputDirectory "$out/feed" -NoPackageAnalysis -NonInteractive >&2
echo "$out/feed/EdaxKernels.$version.nupkg"
