#!/usr/bin/env bash
# Tests of the C#, Java and Python bindings, each against its package as a user installs it
# (and, for Windows x86-64 and Linux ARM64, as far as this machine can run them):
# the NuGet package from a local folder feed (C#), the jar (Java), the wheel in a fresh virtual
# environment (Python). Each language checks the known answers (the evaluation's too, with the
# synthetic eval.dat in EK_EVAL_DAT), perft(6..8), the solver (tests/data/fforum), the package's
# version (Cargo.toml's) and each documented way of finding the native code. The library is the one scripts/build-capi.sh
# builds into target/capi/release, built once. Builds go to target/bindings. Needs what
# scripts/setup.sh installs (mono, nuget, a JDK, the Python tools venv and wheelhouse).
# Every language compares the levels the library finds with those scripts/cpu-levels.sh reads
# from the CPU's flags (EDAX_KERNELS_EXPECTED_LEVELS). No test times the machine (speed figures
# are bindings/bench.sh's). A pytest skip is printed with its reason: on a line starting "skipped,
# explained" when this CPU or system explains it (bindings/python/tests/conftest.py's EXPLAINED),
# else on one starting "SKIPPED", and under CI=true it fails the run.
# Usage: bindings/test.sh [csharp] [java] [python]   (default: all three)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
lib=$root/target/capi/release/libedax_kernels.so
golden=$root/tests/data/golden
out=$root/target/bindings
scripts/build-capi.sh >/dev/null
# The synthetic eval.dat of the golden set, for the evaluation tests of every language.
EK_EVAL_DAT=$(scripts/synthetic-eval.sh)
export EK_EVAL_DAT
# The levels this CPU's flags allow (/proc/cpuinfo), which every language's tests compare with
# the levels the library finds (its isa_supported), as tests/golden.rs does for Rust: a level the
# library leaves out fails, rather than its per-level tests being passed over unseen.
EDAX_KERNELS_EXPECTED_LEVELS=$(scripts/cpu-levels.sh)
export EDAX_KERNELS_EXPECTED_LEVELS
mkdir -p "$out"

csharp() {
    echo "--- C# (mono), the NuGet package from a local folder feed"
    local version nupkg c=$out/csharp/consumer pkg bin soname names f
    version=$(scripts/version.sh)
    nupkg=$(bindings/csharp/pack.sh "$out/csharp" | tail -n 1)
    [ "$(basename "$nupkg")" = "EdaxKernels.$version.nupkg" ]
    # The consumer: installs the package from the feed, compiles the tests against its assembly,
    # and puts in its output directory what a .NET Framework or Mono build of a project using the
    # package puts there on Linux: the referenced assembly and (build/EdaxKernels.targets) the
    # x86-64 library beside it, the ARM64 one in runtimes/linux-arm64/native/.
    rm -rf "$c"
    mkdir -p "$c/bin/runtimes/linux-arm64/native"
    nuget install EdaxKernels -Version "$version" -Source "$out/csharp/feed" -OutputDirectory "$c/packages" \
        -NoCache -NonInteractive >/dev/null
    pkg=$c/packages/EdaxKernels.$version
    # The package's native libraries, one per platform: each for its architecture, without debug
    # information, and exporting every ek_ function the binding declares (Imports in
    # src/Imports.cs, from which the Windows declarations are generated); the Linux ones under
    # the SONAME the declarations name, the DLL without MinGW runtime DLLs to find.
    soname=$(sed -n 's/^ *const string Lib = "\(libedax_kernels\.so[0-9.]*\)";.*/\1/p' bindings/csharp/src/Imports.cs)
    names=$(sed -n 's/^ *\[DllImport(Lib, .*internal static extern .* \(ek_[a-z0-9_]*\)(.*/\1/p' bindings/csharp/src/Imports.cs | sort -u)
    [ -n "$soname" ] && [ "$(wc -l <<<"$names")" -ge 40 ] ||
        { echo "csharp: no SONAME or ek_ declarations found in src/Imports.cs" >&2; return 1; }
    csharp_native() {  # FILE, what `file` says (an ERE), its objdump, a command printing its exports
        local f=$1 want=$2 objdump=$3 what sections missing
        what=$(file -b "$f")
        [[ $what =~ ^$want ]] || { echo "csharp: $f: $what, not $want" >&2; return 1; }
        sections=$("$objdump" -h "$f")
        [[ $sections != *" .debug_"* ]] || { echo "csharp: $f has debug information" >&2; return 1; }
        missing=$(comm -23 <(echo "$names") <("$4" "$f" | sort -u))
        [ -z "$missing" ] || { echo "csharp: $f does not export:" $missing >&2; return 1; }
        echo "${f#"$pkg/"}: $(cut -d, -f1-2 <<<"$what"); exports the $(wc -l <<<"$names") ek_ functions declared"
    }
    csharp_elf_exports() { nm -D --defined-only "$1" | awk '{ print $NF }'; }
    csharp_pe_exports() {
        x86_64-w64-mingw32-objdump -p "$1" | sed -n '/^\[Ordinal\/Name Pointer\] Table/,/^$/s/^\t\[ *[0-9]*\] //p'
    }
    csharp_native "$pkg/runtimes/linux-x64/native/libedax_kernels.so" 'ELF 64-bit LSB shared object, x86-64' objdump \
        csharp_elf_exports
    csharp_native "$pkg/runtimes/linux-arm64/native/libedax_kernels.so" 'ELF 64-bit LSB shared object, ARM aarch64' \
        aarch64-linux-gnu-objdump csharp_elf_exports
    csharp_native "$pkg/runtimes/win-x64/native/edax_kernels.dll" 'PE32\+ executable \(DLL\) .*x86-64.*, for MS Windows' \
        x86_64-w64-mingw32-objdump csharp_pe_exports
    for f in "$pkg"/runtimes/linux-*/native/libedax_kernels.so; do
        [[ $(readelf -d "$f") == *"(SONAME)"*"[$soname]"* ]] || { echo "csharp: $f: SONAME is not $soname" >&2; return 1; }
    done
    f=$(x86_64-w64-mingw32-objdump -p "$pkg/runtimes/win-x64/native/edax_kernels.dll" | sed -n 's/^\tDLL Name: //p')
    [[ $f != *libgcc* && $f != *winpthread* && $f != *libstdc* ]] ||
        { echo "csharp: edax_kernels.dll needs a MinGW runtime DLL:" $f >&2; return 1; }
    mcs -warnaserror -r:"$pkg/lib/net45/EdaxKernels.dll" -out:"$c/bin/Tests.exe" bindings/csharp/tests/Tests.cs
    cp "$pkg/lib/net45/EdaxKernels.dll" "$pkg/runtimes/linux-x64/native/libedax_kernels.so" "$c/bin/"
    cp "$pkg/runtimes/linux-arm64/native/libedax_kernels.so" "$c/bin/runtimes/linux-arm64/native/"
    bin=$c/bin
    # Mono logs the libraries it looks up for DllImports: on Linux never the Windows ones (Native's
    # Windows branch is never compiled, so no WinImports declaration is bound).
    MONO_LOG_LEVEL=debug MONO_LOG_MASK=dll MONO_LOG_DEST=$c/dllimport.log mono "$bin/Tests.exe" "$golden" "$lib"
    grep -q "'$soname'" "$c/dllimport.log" && ! grep -Eqi "edax_kernels\.dll|kernel32" "$c/dllimport.log" ||
        { echo "csharp: a Windows library was looked up on Linux (see $c/dllimport.log)" >&2; return 1; }
    EDAX_KERNELS_LIB=$lib mono "$bin/Tests.exe" "$golden" -
    EK_EXPECT_LIB=$bin/libedax_kernels.so mono "$bin/Tests.exe" "$golden" -
    # A dotnet build's output keeps the library in runtimes/linux-x64/native/; the assembly used
    # in place from the package finds the package's own copy.
    mkdir -p "$c/dotnet-bin/runtimes/linux-x64/native"
    cp "$bin/Tests.exe" "$bin/EdaxKernels.dll" "$c/dotnet-bin/"
    cp "$bin/libedax_kernels.so" "$c/dotnet-bin/runtimes/linux-x64/native/"
    EK_EXPECT_LIB=$c/dotnet-bin/runtimes/linux-x64/native/libedax_kernels.so \
        mono "$c/dotnet-bin/Tests.exe" "$golden" -
    mkdir -p "$c/in-place" && cp "$bin/Tests.exe" "$c/in-place/"
    MONO_PATH=$pkg/lib/net45 EK_EXPECT_LIB=$pkg/runtimes/linux-x64/native/libedax_kernels.so \
        mono "$c/in-place/Tests.exe" "$golden" -
    # A library of another architecture (ARM64) beside the assembly is passed over for the one
    # in runtimes/linux-x64/native/.
    mkdir -p "$c/other-arch/runtimes/linux-x64/native"
    cp "$bin/Tests.exe" "$bin/EdaxKernels.dll" "$pkg/runtimes/linux-arm64/native/libedax_kernels.so" "$c/other-arch/"
    cp "$bin/libedax_kernels.so" "$c/other-arch/runtimes/linux-x64/native/"
    EK_EXPECT_LIB=$c/other-arch/runtimes/linux-x64/native/libedax_kernels.so mono "$c/other-arch/Tests.exe" "$golden" -
    # The platform code, Windows' included, on injected platforms and the package's files
    # (compiled with the sources, whose internal classes it tests).
    mkdir -p "$out/csharp/platform"
    mcs -warnaserror -out:"$out/csharp/platform/PlatformTests.exe" bindings/csharp/src/*.cs \
        "$out/csharp/EdaxKernels.Windows.g.cs" bindings/csharp/tests/PlatformTests.cs
    case $(uname -m) in x86_64) f=linux-x64 ;; aarch64) f=linux-arm64 ;; *) f=unknown ;; esac
    env -u EDAX_KERNELS_LIB mono "$out/csharp/platform/PlatformTests.exe" "$pkg" "$f"
    # The assembly built from source, without the package: the system search path.
    mkdir -p "$out/csharp/source"
    bindings/csharp/gen-windows.sh "$out/csharp/source/EdaxKernels.Windows.g.cs"
    mcs -warnaserror -target:library -out:"$out/csharp/source/EdaxKernels.dll" bindings/csharp/src/*.cs \
        "$out/csharp/source/EdaxKernels.Windows.g.cs"
    mcs -warnaserror -r:"$out/csharp/source/EdaxKernels.dll" -out:"$out/csharp/source/Tests.exe" bindings/csharp/tests/Tests.cs
    LD_LIBRARY_PATH=$(dirname "$lib") mono "$out/csharp/source/Tests.exe" "$golden" -
}

java_() {
    echo "--- Java (JDK $(javac -version 2>&1 | cut -d' ' -f2), JNI), the jar"
    local jar glue_dir=$out/java/jar/edaxkernels/native/linux-x86_64 cache=$out/java/cache
    jar=$(bindings/java/build-jar.sh "$out/java" | tail -n 1)
    javac -Werror -Xlint:all -cp "$jar" -d "$out/java/test-classes" bindings/java/test/KernelsTest.java
    rm -rf "$cache" "$out/java/xdg"
    # The jar alone: explicit path, EDAX_KERNELS_LIB, the jar's copy (extracted to the cache of
    # -Dedaxkernels.cache, then of XDG_CACHE_HOME), no java.library.path.
    java -Xcheck:jni -Dedaxkernels.cache="$cache" -cp "$jar:$out/java/test-classes" KernelsTest "$golden" "$lib"
    EDAX_KERNELS_LIB=$lib java -Xcheck:jni -Dedaxkernels.cache="$cache" -cp "$jar:$out/java/test-classes" \
        KernelsTest "$golden" -
    java -Xcheck:jni -Dedaxkernels.cache="$cache" -cp "$jar:$out/java/test-classes" KernelsTest "$golden" -
    XDG_CACHE_HOME=$out/java/xdg java -Xcheck:jni -cp "$jar:$out/java/test-classes" KernelsTest "$golden" -
    # The classes without the libraries (a platform the jar has none for): the glue from
    # java.library.path, the library from the system search path.
    javac --release 17 -Werror -Xlint:all -d "$out/java/classes" bindings/java/src/edaxkernels/*.java
    LD_LIBRARY_PATH=$(dirname "$lib") java -Xcheck:jni -Djava.library.path="$glue_dir" \
        -cp "$out/java/classes:$out/java/test-classes" KernelsTest "$golden" -
    # The jar's Windows and ARM64 natives, without a JVM (none runs here for them).
    bindings/java/test-cross.sh "$jar"
}

python_() {
    local tools=$out/pyenv venv=$out/pyvenv wheel
    echo "--- Python ($(python3 --version), PyO3 extension + NumPy), the wheel in a fresh venv"
    # The wheel, as `pip install ./bindings/python` builds it (pip's builds are tagged
    # linux_x86_64), and auditwheel's check that it is manylinux-compliant.
    wheel=$(bindings/python/build-wheel.sh "$out/wheels")
    "$tools/bin/auditwheel" show "$wheel" | tee "$out/wheels/auditwheel.txt"
    tr '\n' ' ' <"$out/wheels/auditwheel.txt" | grep -q 'consistent with the *following platform tag: "manylinux_' ||
        { echo "the wheel is not manylinux-compliant" >&2; return 1; }
    # A fresh venv with the wheel, NumPy and pytest (from setup.sh's local wheelhouse), the tests
    # run from outside the source tree.
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-index --find-links "$out/wheelhouse" \
        "$wheel[scale,learn]" pytest
    # With the `scale` and `learn` extras installed, their tests (test_scale.py, test_pettingzoo.py)
    # must run: a missing module fails.
    (cd "$out" && EK_REQUIRE_SCALE=1 EK_REQUIRE_LEARN=1 "$venv/bin/python" -m pytest -q -p no:cacheprovider \
        "$root/bindings/python/tests")
    # The same wheel (abi3: one for every CPython from 3.9) in the oldest and the newest CPython
    # it serves, each in a fresh venv with NumPy and pytest (setup.sh's wheels for it); the
    # scale and learn extras' tests are skipped there (their modules are not installed).
    local v py
    for v in 3.9 3.13; do
        py=$(scripts/find-python.sh "$v") ||
            { echo "SKIPPED: no CPython $v for the abi3 wheel's test (scripts/setup.sh installs it with pyenv)"; continue; }
        echo "--- the wheel in CPython $("$py" -c 'import platform; print(platform.python_version())')"
        rm -rf "$venv-cp${v/./}"
        "$py" -m venv "$venv-cp${v/./}"
        "$venv-cp${v/./}/bin/python" -m pip install -q --disable-pip-version-check --no-index \
            --find-links "$out/wheelhouse-cp${v/./}" "$wheel" pytest
        (cd "$out" && "$venv-cp${v/./}/bin/python" -m pytest -q -p no:cacheprovider "$root/bindings/python/tests")
    done
    # The aarch64 wheel under qemu, and the win_amd64 wheel built.
    bindings/python/test-cross.sh "$out/wheels-cross"
}

langs=("$@")
[ ${#langs[@]} -gt 0 ] || langs=(csharp java python)
for l in "${langs[@]}"; do
    case $l in
        csharp) csharp ;;
        java) java_ ;;
        python) python_ ;;
        *) echo "unknown binding: $l" >&2; exit 2 ;;
    esac
done
