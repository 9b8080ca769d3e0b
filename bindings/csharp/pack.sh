#!/usr/bin/env bash
# Builds the C# binding's NuGet package, EdaxKernels.VERSION.nupkg, into OUT_DIR/feed (a local
# folder feed): lib/net45/EdaxKernels.dll (mcs, with its XML documentation),
# runtimes/linux-x64/native/libedax_kernels.so (scripts/build-capi.sh, debug information
# stripped) and build/EdaxKernels.targets (copies the library into .NET Framework and Mono
# builds' output). VERSION is Cargo.toml's (scripts/version.sh), also the assembly's version.
# Usage: bindings/csharp/pack.sh [OUT_DIR]   (default target/bindings/csharp); prints the package's path.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-target/bindings/csharp}
version=$(scripts/version.sh)
lib=$(scripts/build-capi.sh | tail -n 1)/libedax_kernels.so
stage=$out/package
rm -rf "$stage"
mkdir -p "$stage/lib/net45" "$stage/runtimes/linux-x64/native" "$stage/build" "$out/feed"
cat >"$out/AssemblyInfo.cs" <<CS
[assembly: System.Reflection.AssemblyVersion("$version")]
[assembly: System.Reflection.AssemblyFileVersion("$version")]
[assembly: System.Reflection.AssemblyInformationalVersion("$version")]
CS
mcs -warnaserror -nowarn:1591 -optimize+ -target:library -out:"$stage/lib/net45/EdaxKernels.dll" \
    -doc:"$stage/lib/net45/EdaxKernels.xml" bindings/csharp/EdaxKernels.cs "$out/AssemblyInfo.cs"
strip --strip-debug -o "$stage/runtimes/linux-x64/native/libedax_kernels.so" "$lib"
cp bindings/csharp/build/EdaxKernels.targets "$stage/build/"
nuget pack bindings/csharp/EdaxKernels.nuspec -Version "$version" -Properties version="$version" \
    -BasePath "$stage" -OutputDirectory "$out/feed" -NoPackageAnalysis -NonInteractive >&2
echo "$out/feed/EdaxKernels.$version.nupkg"
