#!/usr/bin/env bash
# `make check-po`: the translations are whole and the template is the sources' own.
# - po/timepickerd.pot is what scripts/extract-messages.sh makes from the sources now (a
#   message added, changed or gone in the sources without `make po` fails here);
# - every catalog in po/LINGUAS compiles with `msgfmt --check` (placeholders and plural forms
#   checked) and translates every message: no untranslated or fuzzy entry;
# - the files that draw what a person reads (po/DRAWN) hold no words of their own: every word
#   comes from their front end's file of messages (escape sequences are not words).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
mkdir -p .build
scripts/extract-messages.sh .build/timepickerd.pot
if ! diff -u <(grep -v '^"POT-Creation-Date' po/timepickerd.pot) <(grep -v '^"POT-Creation-Date' .build/timepickerd.pot) >&2; then
	echo "check-po: po/timepickerd.pot is not what the sources give: run make po" >&2
	status=1
fi
for language in $(grep -v '^#' po/LINGUAS); do
	statistics=$(msgfmt --check --statistics -o /dev/null "po/$language.po" 2>&1) || { echo "check-po: $language: $statistics" >&2; status=1; continue; }
	case $statistics in
	*untranslated* | *fuzzy*) echo "check-po: $language is not complete: $statistics" >&2; status=1 ;;
	esac
	missing=$(msgcmp "po/$language.po" po/timepickerd.pot 2>&1) || { echo "check-po: $language lacks messages of the template: $missing" >&2; status=1; }
	echo "check-po: $language: $statistics"
done
drawn=$(grep -v -e '^#' -e '^$' po/DRAWN)
# shellcheck disable=SC2086 # one path a line, no spaces
if ! words=$(scripts/words-in-literals.py $drawn); then
	echo "check-po: files that draw what a person reads hold words that are not translated (put them in their front end's messages):" >&2
	echo "$words" >&2
	status=1
fi
exit $status
