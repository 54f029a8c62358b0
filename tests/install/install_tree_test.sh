#!/usr/bin/env bash
# //:install lays out the tree it promises: the library, a self-contained
# include/fixwire/ tree, the CMake and pkg-config files, the tool and the
# dictionaries; one version everywhere (tools/build_defs/version.bzl); the
# CMake version check; and a DESTDIR staging install that still names the
# final prefix.
source "${TEST_SRCDIR:?}/${TEST_WORKSPACE:-fixwire}/tests/install/install_lib.sh"
fail() { echo "FAILED: $*"; exit 1; }

# Everything outside include/ is exactly this.
want="bin/fixwire
lib/cmake/fixwire/fixwireConfig.cmake
lib/cmake/fixwire/fixwireConfigVersion.cmake
lib/libfixwire.a
lib/pkgconfig/fixwire.pc
share/fixwire/dictionaries/FIX40.xml
share/fixwire/dictionaries/FIX41.xml
share/fixwire/dictionaries/FIX42.xml
share/fixwire/dictionaries/FIX43.xml
share/fixwire/dictionaries/FIX44.xml
share/fixwire/dictionaries/FIX50.xml
share/fixwire/dictionaries/FIX50SP1.xml
share/fixwire/dictionaries/FIX50SP2.xml
share/fixwire/dictionaries/FIXT11.xml"
got=$(cd "$prefix" && find . -path ./include -prune -o \( -type f -o -type l \) -print | sed 's|^\./||' | LC_ALL=C sort)
[[ "$got" == "$want" ]] || fail "installed files outside include/:"$'\n'"$got"
[[ -x "$prefix/bin/fixwire" ]] || fail "bin/fixwire is not executable"
[[ ! -L "$prefix/lib/libfixwire.a" ]] || fail "lib/libfixwire.a is a symlink, not a copy"

# include/ holds only fixwire/, and every "fixwire/..." a header includes is there.
[[ "$(ls "$prefix/include")" == "fixwire" ]] || fail "include/ holds more than fixwire/"
for h in fixwire/fixwire.h fixwire/version.h fixwire/wire/decoder.h fixwire/encode/encoder.h; do
  [[ -f "$prefix/include/$h" ]] || fail "include/$h is missing"
done
missing=$(cd "$prefix/include" && grep -rhoE '^\s*#\s*include\s+"fixwire/[^"]+"' . |
  sed -E 's/.*"(fixwire\/[^"]+)"/\1/' | LC_ALL=C sort -u | while read -r h; do
    [[ -f "$h" ]] || echo "$h"
  done)
[[ -z "$missing" ]] || fail "headers included but not installed:"$'\n'"$missing"

# One version: the .bzl, the tool, the header, pkg-config, CMake.
version=$(sed -nE 's/^FIXWIRE_VERSION = "([0-9]+\.[0-9]+\.[0-9]+)"$/\1/p' "$runfiles/tools/build_defs/version.bzl")
[[ -n "$version" ]] || fail "no FIXWIRE_VERSION in tools/build_defs/version.bzl"
[[ "$("$prefix/bin/fixwire" --version)" == "fixwire $version" ]] || fail "fixwire --version: $("$prefix/bin/fixwire" --version)"
grep -qx "#define FIXWIRE_VERSION_STRING \"$version\"" "$prefix/include/fixwire/version.h" ||
  fail "fixwire/version.h does not say $version"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[[ "$(pkg-config --modversion fixwire)" == "$version" ]] || fail "pkg-config --modversion: $(pkg-config --modversion fixwire)"
[[ "$(pkg-config --variable=prefix fixwire)" == "$prefix" ]] || fail "fixwire.pc prefix: $(pkg-config --variable=prefix fixwire)"
[[ -f "$(pkg-config --variable=dictionarydir fixwire)/FIX44.xml" ]] || fail "fixwire.pc dictionarydir"
static_libs=$(pkg-config --static --libs fixwire)
for lib in -lfixwire -labsl_statusor -labsl_status -labsl_strings -lpugixml -pthread; do
  [[ " $static_libs " == *" $lib "* ]] || fail "pkg-config --static --libs fixwire lacks $lib: $static_libs"
done

# fixwireConfigVersion.cmake: which requested versions this one satisfies
# (before 1.0 only the same minor version; from 1.0 on the same major one).
IFS=. read -r major minor patch <<<"$version"
requests=("" "$major.$minor" "$version" "$major.$minor.$((patch + 1))" "$major.$((minor + 1))" "$((major + 1))")
want=("TRUE " "TRUE " "TRUE TRUE" "FALSE " "FALSE " "FALSE ")
if ((minor > 0)); then
  requests+=("$major.$((minor - 1))")
  if ((major == 0)); then want+=("FALSE "); else want+=("TRUE "); fi
fi
for i in "${!requests[@]}"; do
  request=${requests[$i]}
  IFS=. read -r find_major find_minor _ <<<"$request.0.0"
  got=$(cmake -DPACKAGE_FIND_VERSION="$request" -DPACKAGE_FIND_VERSION_MAJOR="$find_major" \
    -DPACKAGE_FIND_VERSION_MINOR="$find_minor" -DCMAKE_SIZEOF_VOID_P=8 \
    -DFILE="$prefix/lib/cmake/fixwire/fixwireConfigVersion.cmake" -P "$tests/version_check.cmake" 2>&1)
  [[ "$got" == "$version ${want[$i]}" ]] ||
    fail "fixwireConfigVersion.cmake for find_package(fixwire $request): '$got', expected '$version ${want[$i]}'"
done

# Staging: --destdir (and DESTDIR) put the tree below it; the files name the prefix.
stage="$TEST_TMPDIR/stage"
"$runfiles/install" --prefix /opt/fixwire --destdir "$stage" > /dev/null
[[ "$(ls "$stage")" == "opt" && "$(ls "$stage/opt")" == "fixwire" ]] || fail "--destdir staged elsewhere: $(find "$stage" -maxdepth 2)"
grep -qx 'prefix=/opt/fixwire' "$stage/opt/fixwire/lib/pkgconfig/fixwire.pc" || fail "staged fixwire.pc does not name /opt/fixwire"
DESTDIR="$TEST_TMPDIR/stage2" "$runfiles/install" --prefix /usr/local > /dev/null
[[ -f "$TEST_TMPDIR/stage2/usr/local/lib/libfixwire.a" ]] || fail "DESTDIR was not honoured"
grep -qx 'prefix=/usr/local' "$TEST_TMPDIR/stage2/usr/local/lib/pkgconfig/fixwire.pc" || fail "staged fixwire.pc does not name /usr/local"
echo "install tree complete, version $version"
