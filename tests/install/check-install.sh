#!/bin/sh
# check-install.sh BUILD_DIR VERSION PREFIX BINDIR DATADIR LOCALEDIR MANDIR EXPECTED
#
# Installs the build into a temporary directory (meson install --destdir,
# without rebuilding) and checks what a user or a packager gets: exactly
# the files of EXPECTED, no more; links that resolve; programs that run;
# a desktop file, metainfo and schema that validate; catalogs that
# translate; help pages whose figures are there; manual pages with their
# version filled in.
#
# The directories are relative to PREFIX, as meson's options give them.
# desktop-file-validate and appstreamcli are taken from $DESKTOP_FILE_VALIDATE
# and $APPSTREAMCLI when set (meson finds them), else from the PATH.
set -u
build=$1 version=$2 prefix=$3 bindir=$4 datadir=$5 localedir=$6 mandir=$7 expected=$8

status=0
fail() {
  echo "FAIL: $*"
  status=1
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dest="$tmp/dest"

if ! meson install -C "$build" --no-rebuild --quiet --destdir "$dest" > "$tmp/install.log" 2>&1; then
  cat "$tmp/install.log"
  echo "FAIL: meson install"
  exit 1
fi

root="$dest$prefix"
if [ ! -d "$root" ]; then
  echo "FAIL: nothing was installed under $prefix"
  exit 1
fi

# The file list: everything under DESTDIR, files and links, against the
# expected list with the directories filled in.
(cd "$dest" && find . \( -type f -o -type l \) | sed 's|^\.||' | LC_ALL=C sort) > "$tmp/installed"
grep -v '^#' "$expected" | grep -v '^$' \
  | sed -e "s|@bindir@|$prefix/$bindir|" -e "s|@datadir@|$prefix/$datadir|" \
        -e "s|@localedir@|$prefix/$localedir|" -e "s|@mandir@|$prefix/$mandir|" \
  | LC_ALL=C sort > "$tmp/expected"
if ! diff -u "$tmp/expected" "$tmp/installed" > "$tmp/diff"; then
  fail "the installed files differ from $expected (- missing, + not expected):"
  grep '^[-+]/' "$tmp/diff"
else
  echo "ok: $(wc -l < "$tmp/installed") files installed, as expected"
fi

# Every link resolves to a file of the install.
find "$dest" -type l | while read -r link; do
  [ -f "$link" ] || echo "$link"
done > "$tmp/broken"
if [ -s "$tmp/broken" ]; then
  fail "links that do not resolve:"
  cat "$tmp/broken"
fi

# The programs run from the install and know their version.
for program in dama dama-cli; do
  out=$("$root/$bindir/$program" --version 2>&1)
  [ "$out" = "$program $version" ] || fail "$program --version printed '$out', not '$program $version'"
done

# The desktop file, the metainfo and the schema validate where installed.
apps="$root/$datadir/applications"
desktop="$apps/io.github.dama.Dama.desktop"
metainfo="$root/$datadir/metainfo/io.github.dama.Dama.metainfo.xml"
dfv=${DESKTOP_FILE_VALIDATE:-desktop-file-validate}
asc=${APPSTREAMCLI:-appstreamcli}
if command -v "$dfv" > /dev/null 2>&1; then
  "$dfv" "$desktop" || fail "desktop-file-validate $desktop"
else
  fail "desktop-file-validate not found (desktop-file-utils)"
fi
if command -v "$asc" > /dev/null 2>&1; then
  "$asc" validate --no-net --explain "$metainfo" > "$tmp/asc.log" 2>&1 || {
    cat "$tmp/asc.log"
    fail "appstreamcli validate $metainfo"
  }
else
  fail "appstreamcli not found (appstream)"
fi
glib-compile-schemas --strict --dry-run "$root/$datadir/glib-2.0/schemas" \
  || fail "the installed schema does not compile"

# They name each other and the installed program and icon.
exec_line=$(sed -n 's/^Exec=//p' "$desktop")
[ -x "$root/$bindir/${exec_line%% *}" ] || fail "Exec=$exec_line is not an installed program"
icon=$(sed -n 's/^Icon=//p' "$desktop")
[ -f "$root/$datadir/icons/hicolor/scalable/apps/$icon.svg" ] || fail "Icon=$icon is not installed"
grep -q '<launchable type="desktop-id">io.github.dama.Dama.desktop</launchable>' "$metainfo" \
  || fail "the metainfo does not launch the installed desktop file"
grep -q '<release version="'"$version"'"' "$metainfo" \
  || fail "the metainfo has no release notes for $version"
for lang in cs de es; do
  grep -q "<name xml:lang=\"$lang\">" "$metainfo" || fail "the metainfo has no $lang name"
  grep -q "^Name\[$lang\]=" "$desktop" || fail "the desktop file has no $lang name"
done

# The catalogs translate the application's name.
python3 - "$root/$localedir" <<'EOF' || fail "the installed catalogs"
import gettext, sys
expected = {"cs": "Dáma", "de": "Dame", "es": "Damas"}
for lang, name in expected.items():
    got = gettext.translation("dama", sys.argv[1], [lang]).gettext("Draughts")
    if got != name:
        print(f"{lang}: 'Draughts' is '{got}', not '{name}'")
        sys.exit(1)
EOF

# The help in each language: its own pages, and every figure they show.
for lang in C cs de es; do
  dir="$root/$datadir/help/$lang/dama"
  [ -f "$dir/index.page" ] || { fail "no help in $lang"; continue; }
  if [ "$lang" != C ]; then
    grep -q "xml:lang=\"$lang\"" "$dir/index.page" || fail "the $lang help is not translated"
  fi
  for figure in $(grep -ho 'src="figures/[^"]*"' "$dir"/*.page | sed 's/^src="//; s/"$//' | sort -u); do
    [ -f "$dir/$figure" ] || fail "$lang help: $figure is missing"
  done
done

# The manual pages carry the version.
for page in dama dama-cli; do
  file="$root/$mandir/man1/$page.1"
  grep -q '@[A-Z]*@' "$file" && fail "$page.1 has a placeholder left"
  grep -q "^\.TH .*\"dama $version\"" "$file" || fail "$page.1 does not carry the version $version"
done

[ $status -eq 0 ] && echo "ok: the install is complete and valid"
exit $status
