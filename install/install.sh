#!/usr/bin/env bash
# Installs fixwire under a prefix: the library, its headers, CMake and
# pkg-config files, the fixwire tool and the shipped dictionaries.
# tools/build_defs/install.bzl fills in the list of files (INSTALL_STEPS).
#
#   ./bazelw run -c opt //:install -- --prefix /opt/fixwire
#   ./bazelw run -c opt //:install -- --prefix /usr/local --destdir /tmp/stage
#
# --destdir (or the DESTDIR environment variable) stages the tree below that
# folder for packaging; the installed files still name the prefix itself.
set -euo pipefail

usage() {
  echo "usage: install --prefix PREFIX [--destdir DESTDIR]"
}

prefix=""
destdir="${DESTDIR:-}"
while (($# > 0)); do
  case "$1" in
    --prefix) [[ $# -ge 2 ]] || { usage >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --destdir) [[ $# -ge 2 ]] || { usage >&2; exit 2; }; destdir=$2; shift 2 ;;
    --destdir=*) destdir=${1#--destdir=}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install: unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
done
if [[ -z "$prefix" ]]; then
  usage >&2
  exit 2
fi

# Relative paths are relative to where `bazel run` was started.
here="${BUILD_WORKING_DIRECTORY:-$PWD}"
[[ "$prefix" == /* ]] || prefix="$here/$prefix"
[[ -z "$destdir" || "$destdir" == /* ]] || destdir="$here/$destdir"
prefix="${prefix%/}"
destdir="${destdir%/}"
root="$destdir$prefix"

# The installed files are this script's runfiles.
if [[ -d "$0.runfiles" ]]; then
  runfiles="$0.runfiles"
elif [[ -n "${RUNFILES_DIR:-}" ]]; then
  runfiles="$RUNFILES_DIR"
elif [[ -n "${TEST_SRCDIR:-}" ]]; then
  runfiles="$TEST_SRCDIR"
else
  echo "install: cannot find the runfiles of $0; run it with bazel run" >&2
  exit 1
fi

# copy MODE SRC DEST: copies a file (not a symlink to it), creating folders.
copy() {
  mkdir -p "$(dirname "$3")"
  rm -f "$3"
  cp -L "$2" "$3"
  chmod "$1" "$3"
}

# install_file MODE RUNFILE DEST: copies a file to PREFIX/DEST.
install_file() {
  copy "$1" "$runfiles/$2" "$root/$3"
}

# install_tree RUNFILE DEST: copies a folder's subfolders (include/fixwire/) to
# PREFIX/DEST/, replacing what an earlier install left there.
install_tree() {
  local src="$runfiles/$1" sub name dest
  for sub in "$src"/*/; do
    name=$(basename "$sub")
    dest="$root/$2/$name"
    rm -rf "$dest"
    mkdir -p "$dest"
    cp -RL "$src/$name/." "$dest/"
    find "$dest" -type d -exec chmod 0755 {} + -o -type f -exec chmod 0644 {} +
  done
}

# install_config RUNFILE DEST: copies a CMake or pkg-config file, naming the prefix.
install_config() {
  local p=${prefix//\\/\\\\}
  p=${p//&/\\&}
  p=${p//|/\\|}
  mkdir -p "$(dirname "$root/$2")"
  sed "s|@PREFIX@|$p|g" "$runfiles/$1" > "$root/$2"
  chmod 0644 "$root/$2"
}

%{INSTALL_STEPS}

echo "installed fixwire in $root"
