#!/usr/bin/env bash
# Writes the message template (po/timepickerd.pot by default) from the files po/POTFILES lists.
#
# xgettext has no Swift mode, but the files' messages are plain string literals inside calls
# that read the same in C: tr("…"), trc("context", "…"), trn("singular", "plural", n), each
# with a `// TRANSLATORS:` comment where a word is ambiguous. C's lexer reads them.
# Usage: scripts/extract-messages.sh [OUTPUT.pot]
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-po/timepickerd.pot}
grep -v '^#' po/POTFILES | grep -v '^$' > .build/POTFILES.list 2>/dev/null || { mkdir -p .build; grep -v '^#' po/POTFILES | grep -v '^$' > .build/POTFILES.list; }
xgettext --language=C --from-code=UTF-8 --keyword= --keyword=tr --keyword=trc:1c,2 --keyword=trn:1,2 \
	--add-comments=TRANSLATORS: --package-name=timepickerd --msgid-bugs-address="the timepickerd maintainers" \
	--sort-by-file --files-from=.build/POTFILES.list --output="$output"
# The desktop entry's Name and Comment, which msgfmt --desktop puts back into it.
xgettext --language=Desktop --join-existing --package-name=timepickerd --msgid-bugs-address="the timepickerd maintainers" --sort-by-file --output="$output" desktop/io.github.timepickerd.TimePicker1.desktop.in
