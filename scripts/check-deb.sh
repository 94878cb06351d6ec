#!/bin/bash
# Checks the .deb files `make deb` built (the arguments) as `make test` does: the timepickerd
# package holds what the issue lists, where Debian's tools look for it; in every package
# nothing lies outside /usr or belongs to anyone but root, the programs run without Swift and
# carry no run path, Depends names the package of every library the programs load (as
# dpkg-shlibdeps computed it), and lintian reports no error or warning that
# packaging/debian/PACKAGE.lintian-overrides does not explain.
set -euo pipefail
status=0
fail() { echo "check-deb: $*" >&2; status=1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null)

for deb in "$@"; do
  package=$(dpkg-deb -f "$deb" Package)
  version=$(dpkg-deb -f "$deb" Version)
  rm -rf "$work/root"
  dpkg-deb -x "$deb" "$work/root"
  contents=$(dpkg-deb -c "$deb")

  # Contents: what the issue lists, each where Debian's tools look for it.
  [ "$package" != timepickerd ] || for path in \
    usr/bin/timepickerd usr/bin/timepickerctl \
    usr/share/dbus-1/services/io.github.timepickerd.TimePicker1.service \
    usr/share/dbus-1/interfaces/io.github.timepickerd.TimePicker1.xml \
    usr/lib/systemd/user/timepickerd.service \
    usr/share/applications/io.github.timepickerd.TimePicker1.desktop \
    usr/share/icons/hicolor/scalable/apps/io.github.timepickerd.TimePicker1.svg \
    usr/share/man/man1/timepickerd.1.gz usr/share/man/man1/timepickerctl.1.gz \
    usr/share/man/man5/io.github.timepickerd.TimePicker1.5.gz \
    usr/share/bash-completion/completions/timepickerctl \
    usr/share/zsh/vendor-completions/_timepickerctl \
    usr/share/fish/vendor_completions.d/timepickerctl.fish \
    usr/share/doc/timepickerd/copyright usr/share/doc/timepickerd/changelog.Debian.gz \
    usr/share/doc/timepickerd/examples/pick-busctl.sh usr/share/doc/timepickerd/examples/pick-gio.py \
    usr/share/doc/timepickerd/examples/pick-gjs.js usr/share/doc/timepickerd/examples/pick-sd-bus.c \
    usr/share/lintian/overrides/timepickerd; do
    [ -f "$work/root/$path" ] || fail "the package lacks /$path"
  done
  # Its documents: Debian compresses those over 4 KiB, so each may be there either way.
  [ "$package" != timepickerd ] || for document in README.md user-interfaces.md security.md; do
    [ -f "$work/root/usr/share/doc/timepickerd/$document" ] || [ -f "$work/root/usr/share/doc/timepickerd/$document.gz" ] ||
      fail "the package lacks /usr/share/doc/timepickerd/$document (or $document.gz)"
  done
  [ "$package" != timepickerd-gtk ] || for path in \
    usr/bin/timepickerd-gtk usr/share/dbus-1/services/io.github.timepickerd.Gtk.service \
    usr/share/man/man1/timepickerd-gtk.1.gz \
    usr/share/doc/timepickerd-gtk/copyright usr/share/doc/timepickerd-gtk/changelog.Debian.gz \
    usr/share/lintian/overrides/timepickerd-gtk; do
    [ -f "$work/root/$path" ] || fail "the package lacks /$path"
  done
  # The client library's packages (libtimepicker-1-0, gir1.2-timepicker-1.0, libtimepicker-1-dev
  # and their gtk4 pair): each file where the linker, pkg-config, gi, g-ir-scanner and valac
  # look under /usr; the libraries with their symbols, shlibs and ldconfig trigger.
  library_files=()
  case $package in
    libtimepicker-1-0) library_files=("usr/lib/$multiarch/libtimepicker-1.so.0") ;;
    libtimepicker-gtk4-1-0) library_files=("usr/lib/$multiarch/libtimepicker-gtk4-1.so.0") ;;
    gir1.2-timepicker-1.0) library_files=("usr/lib/$multiarch/girepository-1.0/TimePicker-1.0.typelib") ;;
    gir1.2-timepickergtk4-1.0) library_files=("usr/lib/$multiarch/girepository-1.0/TimePickerGtk4-1.0.typelib") ;;
    libtimepicker-1-dev) library_files=(
      "usr/include/timepicker-1/timepicker/timepicker.h" "usr/lib/$multiarch/pkgconfig/timepicker-1.pc"
      usr/share/gir-1.0/TimePicker-1.0.gir usr/share/vala/vapi/timepicker-1.vapi usr/share/vala/vapi/timepicker-1.deps
      usr/share/doc/libtimepicker-1-dev/examples/pick-library.c usr/share/doc/libtimepicker-1-dev/examples/pick-gtk4.py) ;;
    libtimepicker-gtk4-1-dev) library_files=(
      "usr/include/timepicker-gtk4-1/timepicker-gtk4.h" "usr/lib/$multiarch/pkgconfig/timepicker-gtk4-1.pc"
      usr/share/gir-1.0/TimePickerGtk4-1.0.gir usr/share/vala/vapi/timepicker-gtk4-1.vapi) ;;
  esac
  for path in "${library_files[@]}"; do
    [ -f "$work/root/$path" ] || fail "the package lacks /$path"
  done
  case $package in
    libtimepicker-1-0 | libtimepicker-gtk4-1-0)
      for control in symbols shlibs triggers; do
        dpkg-deb -I "$deb" "$control" >/dev/null 2>&1 || fail "$package has no $control control file"
      done ;;
    libtimepicker-1-dev)
      [ "$(readlink "$work/root/usr/lib/$multiarch/libtimepicker-1.so")" = libtimepicker-1.so.0 ] ||
        fail "libtimepicker-1.so does not link to libtimepicker-1.so.0" ;;
  esac

  # The daemon's package must not need GTK: a headless machine installs it alone.
  [ "$package" != timepickerd ] || ! grep -q -e gtk -e adwaita <<< "$(dpkg-deb -f "$deb" Depends)" ||
    fail "timepickerd depends on GTK: $(dpkg-deb -f "$deb" Depends)"
  # Nothing outside /usr, owned by anyone but root, or writable by others; no man page uncompressed.
  awk '$2 != "root/root" { print }' <<< "$contents" | grep . && fail "files not owned by root/root"
  awk '{ print $6 }' <<< "$contents" | grep -v -e '^\./$' -e '^\./usr/' && fail "files outside /usr"
  awk 'substr($1, 1, 1) != "l" && substr($1, 9, 1) == "w" { print }' <<< "$contents" | grep . && fail "files writable by others"
  if [ -d "$work/root/usr/share/man" ]; then
    find "$work/root/usr/share/man" -type f ! -name '*.gz' | grep . && fail "uncompressed man pages"
  fi

  # The programs: no Swift library or run path needed, and they run with an empty environment.
  for binary in "$work"/root/usr/bin/*; do
    [ -f "$binary" ] || continue  # the library's packages have no program
    program=$(basename "$binary")
    dynamic=$(readelf -d "$binary")
    grep -q 'libswift\|libFoundation\|libdispatch' <<< "$dynamic" && fail "$program needs Swift's libraries: $dynamic"
    grep -q 'RPATH\|RUNPATH' <<< "$dynamic" && fail "$program has a run path: $(grep 'RPATH\|RUNPATH' <<< "$dynamic")"
    printed=$(env -i "$binary" --version) || fail "$program --version failed"
    [ "$printed" = "$program ${version%-*}" ] || fail "$program --version printed '$printed' in package $version"
  done
  # Activation files, units and desktop entries start the packaged programs.
  for file in "$work"/root/usr/share/dbus-1/services/*.service "$work"/root/usr/lib/systemd/user/*.service \
    "$work"/root/usr/share/applications/*.desktop; do
    [ -f "$file" ] || continue
    program=$(sed -n 's/^\(Exec\|ExecStart\)=\([^ ]*\).*/\2/p' "$file")
    [ -n "$program" ] && [ -x "$work/root$program" ] || fail "$(basename "$file") does not start a program of the package: '$program'"
  done

  # Depends: the package of every library the programs load (dpkg -S on this machine), with
  # the version dpkg-shlibdeps found when the library's symbols file gives one, and none of the
  # toolchain's.
  depends=$(dpkg-deb -f "$deb" Depends)
  # (The client library's: libtimepicker-gtk4-1 loads libtimepicker-1, of a package of ours.)
  objects=$(find "$work/root/usr/bin" "$work/root/usr/lib/$multiarch" -maxdepth 1 -type f \( -path '*/usr/bin/*' -o -name '*.so.*' \) 2>/dev/null || true)
  # shellcheck disable=SC2086 # one argument per object
  for library in $([ -z "$objects" ] || readelf -d $objects | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u); do
    case $library in
      libtimepicker-*.so.*) owner=$(sed -e 's/\.so\./-/' -e 's/\.so$//' <<< "$library") ;;
      *) owner=$(dpkg -S "*/$multiarch/$library" 2>/dev/null | grep -v -e '-dev' -e '^diversion' | head -1 | cut -d: -f1) || true ;;
    esac
    [ -n "$owner" ] || { fail "no Debian package provides $library"; continue; }
    grep -q "\(^\|, \)$owner\( (>= [^)]*)\)\?\(,\|$\)" <<< "$depends" || fail "Depends lacks $owner (for $library): $depends"
  done
  grep -q 'swift' <<< "$depends" && fail "Depends names Swift: $depends"

  # lintian: no error or warning left unexplained (informational tags are shown, not fatal).
  report=$(lintian --info --display-info --pedantic --fail-on error,warning "$deb" 2>&1 |
    { grep -v '^running with root privileges' || true; }) ||
    fail "lintian: $report"
  [ -z "$report" ] || echo "lintian on $(basename "$deb"):"$'\n'"$report"

  [ $status -eq 0 ] && echo "$(basename "$deb"): contents, programs, Depends ($depends) and lintian checked"
done
exit $status
