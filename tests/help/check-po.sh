#!/bin/sh
# check-po.sh C_DIR PO: the help translation PO is complete. It must have
# no untranslated or fuzzy message, neither as it stands nor once merged
# with the messages of the current C pages (so editing an English page
# without translating it fails here).
set -u
cdir=$1
po=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {
  stats=$(msgfmt --check --statistics -o /dev/null "$1" 2>&1) || { echo "$stats"; return 1; }
  echo "$(basename "$1"): $stats"
  case $stats in
    *untranslated*|*fuzzy*) return 1 ;;
  esac
  return 0
}

status=0
check "$po" || status=1
(cd "$cdir" && itstool -o "$tmp/help.pot" ./*.page) || exit 1
msgmerge --quiet --no-fuzzy-matching -o "$tmp/merged.po" "$po" "$tmp/help.pot" || exit 1
check "$tmp/merged.po" || { echo "$po lacks messages of the current pages"; status=1; }
exit $status
