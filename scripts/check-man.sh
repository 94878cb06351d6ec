#!/bin/bash
# The man pages render without a warning at 80 columns, and they document everything there is:
# io.github.timepickerd.TimePicker1(5) every method, signal, property, option, error and
# cancel reason of the interface XML; timepickerd(1) and timepickerctl(1) every option their
# --help lists. Arguments: the directory of the built pages, the directory of the binaries.
set -euo pipefail
cd "$(dirname "$0")/.."
pages=$1
binaries=$2
xml=dbus/io.github.timepickerd.TimePicker1.xml
status=0
fail() { echo "check-man: $*" >&2; status=1; }

for page in "$pages"/*.[0-9]; do
  warnings=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null) || fail "man cannot render $page"
  [ -z "$warnings" ] || fail "$page renders with warnings: $warnings"
done

# Every name the interface declares, in bold in the page (*Name*).
interface=man/io.github.timepickerd.TimePicker1.5.scd
names=$(xmllint --xpath '//method/@name | //signal/@name | //property/@name' "$xml" | sed 's/.*name="\([^"]*\)"/\1/')
# The option keys, as documented in the XML: "* key (t)" lines.
options=$(sed -n 's/^ *\* \([a-z_]*\) ([a-z]*)$/\1/p' "$xml")
# The error names, and the cancel reasons ('* "user": ...').
errors=$(grep -o '[A-Za-z0-9.]*\.Error\.[A-Za-z]*' "$xml" | sort -u)
reasons=$(sed -n 's/^ *\* "\([a-z]*\)":.*/\1/p' "$xml")
[ -n "$options" ] && [ -n "$errors" ] && [ -n "$reasons" ] || fail "cannot read the options, errors or reasons of $xml"
for name in $names $options $errors $reasons; do
  grep -qF "*$name*" "$interface" || fail "$interface does not document $name"
done

# Every long option --help lists, in the page of its program.
for program in timepickerd timepickerctl timepickerd-gtk; do
  case $program in
    timepickerd) help=$("$binaries/timepickerd" --help) ;;
    timepickerd-gtk) help=$("$binaries/timepickerd-gtk" --help) ;;
    timepickerctl) help=$(for command in pick monitor status; do "$binaries/timepickerctl" "$command" --help; done) ;;
  esac
  for option in $(grep -o -- '--[a-z][a-z-]*' <<< "$help" | sort -u); do
    grep -qF -- "*$option*" "man/$program.1.scd" || fail "man/$program.1.scd does not document $option"
  done
done
exit $status
