#!/bin/sh
# validate-pages.sh C_DIR DIR: every page of the help in C_DIR exists in
# DIR (the C pages themselves, or one language's pages merged by itstool)
# and DIR's pages are valid Mallard for yelp-check.
set -u
cdir=$1
dir=$2
status=0
pages=
for c in "$cdir"/*.page; do
  page="$dir/$(basename "$c")"
  if [ ! -f "$page" ]; then
    echo "missing: $page"
    status=1
  else
    pages="$pages $page"
  fi
done
[ -n "$pages" ] || { echo "no pages in $dir"; exit 1; }
# yelp-check prints one line per problem; silence is success.
# shellcheck disable=SC2086
out=$(yelp-check validate $pages 2>&1) || status=1
if [ -n "$out" ]; then
  echo "$out"
  status=1
fi
[ $status -eq 0 ] && echo "ok: $(echo $pages | wc -w) pages in $dir"
exit $status
