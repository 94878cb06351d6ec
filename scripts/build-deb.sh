#!/bin/bash
# `make deb`: the Debian package(s) from the release binaries, with Debian's own tools, the
# way debhelper would lay them out:
#  1. `make install DESTDIR=… PREFIX=/usr` stages everything, as the package lays it out;
#  2. packaging/debian/PACKAGE.install says which staged files go into which package (a
#     package none of whose files is staged is skipped; a staged file no package takes is an
#     error), PACKAGE.docs and PACKAGE.examples add files to /usr/share/doc/PACKAGE;
#  3. binaries stripped, man pages and changelog compressed, copyright and lintian overrides
#     added, md5sums written;
#  4. dpkg-shlibdeps computes Depends from the binaries, dpkg-gencontrol writes the control
#     file (version, Installed-Size), dpkg-deb --root-owner-group builds the .deb.
# The version is the one the built binaries print (`timepickerd --version`), plus the Debian
# revision DEB_REVISION (default 1). Writes PACKAGE_VERSION_ARCH.deb into DEB_OUTPUT_DIR
# (default: the top of the repository) and prints their names.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "build-deb: $*" >&2; exit 1; }
# The lines of a list file in packaging/debian, without comments and blank lines.
entries() { [ ! -f "$1" ] || grep -v -e '^#' -e '^[[:space:]]*$' "$1" || true; }

make=${MAKE:-make}
revision=${DEB_REVISION:-1}
output=${DEB_OUTPUT_DIR:-$PWD}
source=packaging/debian
work=.build/deb
root=$work/root
# Reproducible: every date in the package is that of the last commit.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}

rm -rf "$work"
mkdir -p "$work/debian" "$output"

# 1. Everything, staged as the package lays it out.
"$make" --no-print-directory -s install DESTDIR="$PWD/$root" PREFIX=/usr CONFIGURATION=release \
  USERUNITDIR=/usr/lib/systemd/user ZSHCOMPDIR=/usr/share/zsh/vendor-completions >/dev/null

upstream=$("$root/usr/bin/timepickerd" --version | awk '{ print $2 }')
client=$("$root/usr/bin/timepickerctl" --version | awk '{ print $2 }')
[ -n "$upstream" ] || fail "timepickerd --version printed no version"
[ "$upstream" = "$client" ] || fail "timepickerd is version $upstream but timepickerctl $client"
version=$upstream-$revision
arch=$(dpkg --print-architecture)

# The changelog dpkg-gencontrol reads the version from, and each package's changelog.Debian.
maintainer=$(sed -n 's/^Maintainer: //p' "$source/control")
commit=$(git rev-parse --short HEAD 2>/dev/null || true)
cat > "$work/debian/changelog" <<EOF
timepickerd ($version) unstable; urgency=medium

  * Package of timepickerd $upstream${commit:+, built from commit $commit}.

 -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")
EOF
cp "$source/control" "$work/debian/control"

# 2. Each package takes its files from the staged tree.
packages=$(sed -n 's/^Package: //p' "$source/control")
built=()
shopt -s nullglob
for package in $packages; do
  found=() missing=()
  while read -r pattern; do
    matches=()
    for match in "$root"/$pattern; do
      [ ! -e "$match" ] && [ ! -L "$match" ] || matches+=("$match")
    done
    if [ ${#matches[@]} -eq 0 ]; then missing+=("$pattern"); else found+=("${matches[@]}"); fi
  done < <(entries "$source/$package.install")
  [ ${#found[@]} -gt 0 ] || [ ${#missing[@]} -gt 0 ] || fail "$source/$package.install names no files"
  if [ ${#found[@]} -eq 0 ]; then
    echo "build-deb: skipping $package: none of its files is installed" >&2
    continue
  fi
  [ ${#missing[@]} -eq 0 ] || fail "$package: not installed: ${missing[*]}"
  for file in "${found[@]}"; do
    relative=${file#"$root"/}
    mkdir -p "$work/debian/$package/$(dirname "$relative")"
    mv "$file" "$work/debian/$package/$relative"
  done
  built+=("$package")
done
left=$(find "$root" ! -type d)
[ -z "$left" ] || fail "installed but in no package's .install:"$'\n'"$left"

# 3. and 4. Each package finished and built.
for package in "${built[@]}"; do
  tree=$work/debian/$package
  doc=$tree/usr/share/doc/$package
  install -d "$doc"
  install -m 0644 "$source/copyright" "$doc/copyright"
  gzip -9n < "$work/debian/changelog" > "$doc/changelog.Debian.gz"
  while read -r file; do
    install -m 0644 "$file" "$doc/"
    # Debian compresses documentation over 4 KiB (as dh_compress does).
    [ "$(stat -c %s "$file")" -le 4096 ] || gzip -9n "$doc/$(basename "$file")"
  done < <(entries "$source/$package.docs")
  while read -r file; do
    install -D -m 0644 "$file" "$doc/examples/$(basename "$file")"
  done < <(entries "$source/$package.examples")
  if [ -f "$source/$package.lintian-overrides" ]; then
    install -D -m 0644 "$source/$package.lintian-overrides" "$tree/usr/share/lintian/overrides/$package"
  fi
  [ ! -d "$tree/usr/share/man" ] || find "$tree/usr/share/man" -type f ! -name '*.gz' -exec gzip -9n {} +
  # As dh_strip does for executables: no symbol table, no .comment or .note section.
  [ ! -d "$tree/usr/bin" ] || find "$tree/usr/bin" -type f -exec strip --remove-section=.comment --remove-section=.note {} +
  # Shared libraries as dh_strip strips them: what no caller links against goes.
  [ ! -d "$tree/usr/lib" ] || find "$tree/usr/lib" -type f -name '*.so.*' \
    -exec strip --strip-unneeded --remove-section=.comment --remove-section=.note {} +
  find "$tree" -type d -exec chmod 0755 {} +
  find "$tree" -type f -exec chmod 0644 {} +
  [ ! -d "$tree/usr/bin" ] || find "$tree/usr/bin" -type f -exec chmod 0755 {} +

  mkdir -p "$tree/DEBIAN"
  (cd "$tree" && find . -type f ! -path './DEBIAN/*' -printf '%P\n' | LC_ALL=C sort | xargs -r md5sum) > "$tree/DEBIAN/md5sums"
  chmod 0644 "$tree/DEBIAN/md5sums"
  (
    # Debian's tools work from the directory above debian/, as in a source package.
    cd "$work"
    binaries=$(find "debian/$package" -type f ! -path '*/DEBIAN/*' -exec sh -c 'head -c 4 "$1" | grep -q "ELF"' sh {} \; -print)
    : > "debian/$package.substvars"
    # shellcheck disable=SC2086 # one -e per binary
    [ -z "$binaries" ] || dpkg-shlibdeps -T"debian/$package.substvars" $(printf -- '-e%s ' $binaries)
    # A shared library's package, as dh_makeshlibs makes it: its symbols file checked against
    # packaging/debian/PACKAGE.symbols (dpkg-gensymbols -c4 fails on any symbol added or lost:
    # update the file, and the package name with the soname when one is lost), its shlibs
    # file, and the trigger that runs ldconfig.
    if [ -f "../../$source/$package.symbols" ]; then
      dpkg-gensymbols -q -c4 -p"$package" -P"debian/$package" -v"${version%-*}" -I"../../$source/$package.symbols" \
        -O"debian/$package/DEBIAN/symbols"
      soname=$(head -1 "../../$source/$package.symbols" | cut -d' ' -f1)
      echo "${soname%.so.*} ${soname##*.so.} $package (>= ${version%-*})" > "debian/$package/DEBIAN/shlibs"
      echo "activate-noawait ldconfig" > "debian/$package/DEBIAN/triggers"
      chmod 0644 "debian/$package/DEBIAN/symbols" "debian/$package/DEBIAN/shlibs" "debian/$package/DEBIAN/triggers"
    fi
    echo "misc:Depends=" >> "debian/$package.substvars"
    dpkg-gencontrol -p"$package" -T"debian/$package.substvars" -P"debian/$package"
  )
  find "$tree" -newermt "@$SOURCE_DATE_EPOCH" -print0 | xargs -0r touch --no-dereference --date="@$SOURCE_DATE_EPOCH"
  rm -f "$output/${package}"_*_"$arch".deb
  dpkg-deb --root-owner-group -Zxz --build "$tree" "$output/${package}_${version}_$arch.deb" >/dev/null
  echo "$output/${package}_${version}_$arch.deb"
done
