#!/usr/bin/env bash
# dama-cli train: weights written from training positions, the errors a
# user may make, and damaged weights passed over for the built-in
# evaluation. TAP output. DAMA_CLI is set by the test environment.
. "$(dirname "$0")/tap-lib.sh"

# Czech positions: White a man up wins, a man down loses.
{
  for i in 1 2 3 4 5 6 7 8; do
    printf 'W:Wa1,c1,e1,g1,b2,d2:Bb8,d8,f8,h8,a7\t1\t120\n'
    printf 'B:Wa1,c1,e1,g1,b2:Bb8,d8,f8,h8,a7,c7\t0\t-110\n'
    printf 'W:Wa1,c1,e1,g1:Bb8,d8,f8,h8\t0.5\t0\n'
  done
  printf 'this is not a position\t1\t0\n'
  printf 'W:Wa1:Bh8\t2\t0\n'
} > "$tmp/czech.txt"

"$cli" train --variant czech -i "$tmp/czech.txt" -o "$tmp/czech.weights" --epochs 3 --seed 7 \
  2> "$tmp/err"
ok $? "train writes weights"
grep -q "2 bad lines skipped" "$tmp/err"
ok $? "bad lines are counted and skipped"
grep -q "^epoch 3/3 train loss" "$tmp/err"
ok $? "progress is shown per epoch"
[ "$(head -c 8 "$tmp/czech.weights")" = "DAMAWGT" ]
ok $? "the file starts with the magic"

"$cli" train --variant czech -i "$tmp/czech.txt" -o "$tmp/again.weights" --epochs 3 --seed 7 2> /dev/null
cmp -s "$tmp/czech.weights" "$tmp/again.weights"
ok $? "the same seed gives the same file"

# Scores of two engines that mean the same chances by other numbers: a
# position scored 100 by the first and 200 by the second is won three
# times in four for both. With --input-scales fitted each file is read
# at its own scale, so the second one's scores are halved.
for k in 1 2; do
  for i in 1 2 3 4; do
    for r in 1 1 1 0; do
      printf 'W:Wa1,c1,e1,g1,b2,d2:Bb8,d8,f8,h8,a7\t%s\t%s\n' "$r" $((100 * k))
      printf 'B:Wa1,c1,e1,g1,b2:Bb8,d8,f8,h8,a7,c7\t%s\t%s\n' $((1 - r)) $((-100 * k))
    done
  done > "$tmp/engine$k.txt"
done
"$cli" train --variant czech -i "$tmp/engine1.txt" -i "$tmp/engine2.txt" -o "$tmp/fitted.weights" \
  --epochs 10 --lambda 0.2 --scale 91 --input-scales fitted 2> "$tmp/err"
ok $? "train takes --input-scales fitted"
grep -q "engine1.txt: scale 9[01].[0-9], scores multiplied by 1.0[01][0-9]$" "$tmp/err" &&
  grep -Eq "engine2.txt: scale 18[0-4].[0-9], scores multiplied by 0.(49|50)[0-9]$" "$tmp/err"
ok $? "each input's own scale is shown ($(grep scale "$tmp/err" | head -2 | tr '\n' ' '))"
"$cli" train --variant czech -i "$tmp/engine1.txt" -i "$tmp/engine2.txt" -o "$tmp/shared.weights" \
  --epochs 10 --lambda 0.2 --scale 91 --input-scales shared 2> "$tmp/err"
ok $? "train takes --input-scales shared"
! grep -q "scores multiplied" "$tmp/err" && ! cmp -s "$tmp/fitted.weights" "$tmp/shared.weights"
ok $? "one shared scale reads the scores as they are, and gives other weights"
"$cli" train --variant czech -i "$tmp/engine1.txt" -o "$tmp/x.weights" --input-scales own 2> /dev/null
[ $? = 2 ] && [ ! -e "$tmp/x.weights" ]
ok $? "an unknown --input-scales is a usage error"

# The fit's settings: a stronger L2 penalty gives other weights; the
# positions given last can be the held-out ones.
"$cli" train --variant czech -i "$tmp/czech.txt" -o "$tmp/l2.weights" --epochs 3 --seed 7 \
  --l2 0.5 --decay 0.01 --batch 16 --rate 2 --valid 0.2 --holdout last 2> "$tmp/err"
ok $? "train takes --l2, --decay, --batch, --valid and --holdout"
grep -q "^l2 0.5, decay 0.01, rate 2, batch 16, 3 epochs, 20% held out (last positions)$" "$tmp/err"
ok $? "the fit's settings are shown"
! cmp -s "$tmp/czech.weights" "$tmp/l2.weights"
ok $? "other settings give other weights"
"$cli" train --variant czech -i "$tmp/czech.txt" -o "$tmp/x.weights" --l2 -1 2> /dev/null
[ $? = 2 ] && [ ! -e "$tmp/x.weights" ]
ok $? "a negative --l2 is a usage error"
"$cli" train --variant czech -i "$tmp/czech.txt" -o "$tmp/x.weights" --decay 2 2> /dev/null
[ $? = 2 ] && [ ! -e "$tmp/x.weights" ]
ok $? "a --decay above 0.5 is a usage error"
"$cli" train --variant czech -i "$tmp/czech.txt" -o "$tmp/x.weights" --holdout first 2> /dev/null
[ $? = 2 ] && [ ! -e "$tmp/x.weights" ]
ok $? "an unknown --holdout is a usage error"

"$cli" train --family flying -i "czech:$tmp/czech.txt" -o "$tmp/flying.weights" --epochs 1 2> /dev/null
ok $? "family weights from a variant's file"

"$cli" train --variant czech -o "$tmp/x.weights" 2> /dev/null
[ $? = 2 ]
ok $? "no input is a usage error"
"$cli" train --family nonsense -i "$tmp/czech.txt" -o "$tmp/x.weights" 2> /dev/null
[ $? = 2 ]
ok $? "an unknown family is a usage error"
"$cli" train --family short -i "czech:$tmp/czech.txt" -o "$tmp/x.weights" 2> "$tmp/err"
[ $? = 1 ] && grep -q "do not belong" "$tmp/err"
ok $? "positions of another family are refused"
"$cli" train --variant czech -i "$tmp/missing.txt" -o "$tmp/x.weights" 2> /dev/null
[ $? = 1 ] && [ ! -e "$tmp/x.weights" ]
ok $? "a missing input fails without writing"

# Endgame database labels: positions of up to three pieces take the
# database's result for White, whatever the game's was.
"$cli" egdb build --variant czech --pieces 3 --dir "$tmp/db" > /dev/null 2>&1
ok $? "a three-piece database is built"
{
  for i in 1 2 3 4 5 6 7 8; do
    printf 'W:WKa1:BKh8\t0.5\t0\n'        # lost: the king in the corner is taken
    printf 'W:Wa1:Bb2\t0.5\t0\n'          # won: a1 takes the last piece
    printf 'W:WKc1:BKh6\t0.5\t0\n'        # drawn, as the game said
    printf 'B:WKc1,Ke1:Bf6\t0.5\t0\n'     # won for White: the man cannot escape
    printf 'W:Wa1,c1,e1,g1:Bb8,d8,f8,h8\t0.5\t0\n' # eight pieces: as it was
  done
} > "$tmp/endings.txt"
"$cli" train --variant czech -i "$tmp/endings.txt" -o "$tmp/games.weights" --epochs 3 \
  2> /dev/null
"$cli" train --variant czech -i "$tmp/endings.txt" -o "$tmp/db.weights" --epochs 3 \
  --egdb "$tmp/db" 2> "$tmp/err"
ok $? "train takes --egdb"
grep -q "^egdb czech: 32 positions of up to 3 pieces labelled by the database, 24 results changed$" "$tmp/err"
ok $? "the labelled positions are counted ($(grep '^egdb' "$tmp/err"))"
! cmp -s "$tmp/games.weights" "$tmp/db.weights"
ok $? "the database's labels give other weights"
"$cli" train --variant czech -i "$tmp/endings.txt" -o "$tmp/db2.weights" --epochs 3 \
  --egdb "$tmp/db" --egdb-pieces 2 2> "$tmp/err"
grep -q "^egdb czech: 24 positions of up to 2 pieces labelled by the database, 16 results changed$" "$tmp/err"
ok $? "--egdb-pieces labels fewer pieces only"
"$cli" train --variant czech -i "$tmp/endings.txt" -o "$tmp/db3.weights" --epochs 3 \
  --egdb "$tmp/db" 2> /dev/null
cmp -s "$tmp/db.weights" "$tmp/db3.weights"
ok $? "the same command with the database gives the same file"

# A database that is not there, too small or damaged writes nothing.
egdb_fails() {
  local what=$1 pattern=$2
  shift 2
  "$cli" train --variant czech -i "$tmp/endings.txt" -o "$tmp/x.weights" --epochs 1 "$@" \
    2> "$tmp/err"
  [ $? = 1 ] && [ ! -e "$tmp/x.weights" ] && grep -q "$pattern" "$tmp/err"
  ok $? "$what ($(tail -n 1 "$tmp/err"))"
}
egdb_fails "a missing database folder fails" "no such folder" --egdb "$tmp/nowhere"
egdb_fails "a file for a folder fails" "no such folder" --egdb "$tmp/endings.txt"
mkdir "$tmp/empty"
egdb_fails "a folder without the variant's database fails" "no czech database" --egdb "$tmp/empty"
egdb_fails "more pieces than the database has fail" "complete up to 3 pieces, not 4" \
  --egdb "$tmp/db" --egdb-pieces 4
cp -r "$tmp/db" "$tmp/bad"
printf 'DAMAEGDB but not much else' > "$tmp/bad/czech/0101.egdb"
egdb_fails "a damaged database fails" "the czech database is damaged" --egdb "$tmp/bad"
grep -q "0101.egdb: " "$tmp/err"
ok $? "the damaged file is named"
"$cli" train --variant czech -i "$tmp/endings.txt" -o "$tmp/x.weights" --egdb-pieces 3 \
  2> /dev/null
[ $? = 2 ] && [ ! -e "$tmp/x.weights" ]
ok $? "--egdb-pieces without --egdb is a usage error"
"$cli" train --variant czech -i "$tmp/endings.txt" -o "$tmp/x.weights" --egdb "$tmp/db" \
  --egdb-pieces 1 2> /dev/null
[ $? = 2 ] && [ ! -e "$tmp/x.weights" ]
ok $? "--egdb-pieces 1 is a usage error"

# A network after the sum: --init keeps the sum as it is with --epochs 0,
# the file becomes format 3, and the engine plays with it.
"$cli" train --variant czech -i "$tmp/czech.txt" -o "$tmp/net.weights" --init "$tmp/czech.weights" \
  --epochs 0 --net 8 --net-epochs 3 --net-rate 0.003 --seed 7 2> "$tmp/err"
ok $? "train takes --net, --net-epochs and --net-rate"
grep -q "^training a network of 8 hidden values, rate 0.003, 3 epochs$" "$tmp/err" &&
  grep -q "^network epoch 3/3 train loss" "$tmp/err"
ok $? "the network's fit and its progress are shown"
[ "$(od -An -tu4 -j8 -N4 "$tmp/net.weights" | tr -d ' ')" = 3 ] &&
  [ "$(od -An -tu4 -j8 -N4 "$tmp/czech.weights" | tr -d ' ')" = 1 ]
ok $? "a file with a network is format 3, one without stays format 1"
size=$(stat -c %s "$tmp/czech.weights")
cmp -s -i 12 -n $((size - 16)) "$tmp/czech.weights" "$tmp/net.weights"
ok $? "the sum's weights are kept as --init gave them (all but the format and checksum)"
"$cli" train --variant czech -i "$tmp/czech.txt" -o "$tmp/net2.weights" --init "$tmp/czech.weights" \
  --epochs 0 --net 8 --net-epochs 3 --net-rate 0.003 --seed 7 2> /dev/null
cmp -s "$tmp/net.weights" "$tmp/net2.weights"
ok $? "the same seed gives the same network"
# Output buckets: said in the progress, written in the network's block
# (after the sum, its size, hidden values and inputs), and played with.
"$cli" train --variant czech -i "$tmp/czech.txt" -o "$tmp/netb.weights" --init "$tmp/czech.weights" \
  --epochs 0 --net 8 --net-buckets 3 --net-bound 40 --net-epochs 3 --net-rate 0.003 --seed 7 \
  2> "$tmp/err"
ok $? "train takes --net-buckets and --net-bound"
grep -q "^training a network of 8 hidden values and 3 output buckets, rate 0.003, 3 epochs$" \
  "$tmp/err" && grep -q "^its correction held within 40 hundredths either way$" "$tmp/err"
ok $? "the buckets and the bound are shown"
[ "$(od -An -tu4 -j$((size - 4 + 4 + 8)) -N4 "$tmp/netb.weights" | tr -d ' ')" = 3 ] &&
  [ "$(od -An -tu4 -j$((size - 4 + 4 + 8)) -N4 "$tmp/net.weights" | tr -d ' ')" = 1 ]
ok $? "the network's block holds its buckets (1 without --net-buckets)"
[ "$(od -An -tu4 -j$((size - 4 + 4 + 12)) -N4 "$tmp/netb.weights" | tr -d ' ')" = 40 ] &&
  [ "$(od -An -tu4 -j$((size - 4 + 4 + 12)) -N4 "$tmp/net.weights" | tr -d ' ')" = 0 ]
ok $? "and its bound (0, none, without --net-bound)"
mkdir "$tmp/netbdir"
cp "$tmp/netb.weights" "$tmp/netbdir/czech.weights"
DAMA_WEIGHTS_DIR="$tmp/netbdir" "$cli" analyse --variant czech --depth 3 > /dev/null 2> "$tmp/err"
[ $? = 0 ] && [ ! -s "$tmp/err" ]
ok $? "analyse plays with a network of buckets, silently"
for bad in "--net 12" "--net 0" "--net 72" "--net-rate 0" "--net-buckets 0" "--net-buckets 9" \
           "--net-buckets 2.5" "--net-bound -1" "--net-bound 10001"; do
  "$cli" train --variant czech -i "$tmp/czech.txt" -o "$tmp/x.weights" $bad 2> /dev/null
  [ $? = 2 ] && [ ! -e "$tmp/x.weights" ]
  ok $? "$bad is a usage error"
done
mkdir "$tmp/netdir"
cp "$tmp/net.weights" "$tmp/netdir/czech.weights"
DAMA_WEIGHTS_DIR="$tmp/netdir" "$cli" analyse --variant czech --depth 3 > /dev/null 2> "$tmp/err"
[ $? = 0 ] && [ ! -s "$tmp/err" ]
ok $? "analyse plays with a network, silently"
head -c $(($(stat -c %s "$tmp/net.weights") - 9)) "$tmp/net.weights" > "$tmp/netdir/czech.weights"
DAMA_WEIGHTS_DIR="$tmp/netdir" "$cli" analyse --variant czech --depth 3 > /dev/null 2> "$tmp/err"
[ $? = 0 ] && grep -q "czech.weights: .*using the built-in evaluation" "$tmp/err"
ok $? "a truncated network is reported and the built-in evaluation plays"

# A sum without patterns: --patterns drop zeroes the pattern tables (the
# last of the file's features, N in the header at byte 52: as many tables
# of 3^8 states, 4 bytes each, as fit in N, end just before the checksum)
# and keeps the rest of --init's sum.
"$cli" train --variant czech -i "$tmp/czech.txt" -o "$tmp/bare.weights" --init "$tmp/czech.weights" \
  --epochs 0 --patterns drop 2> /dev/null
ok $? "train takes --patterns drop"
features=$(od -An -tu4 -j52 -N4 "$tmp/czech.weights" | tr -d ' ')
tables=$((features / 6561 * 6561 * 4))
[ "$(tail -c $((tables + 4)) "$tmp/bare.weights" | head -c $tables | tr -d '\0' | wc -c)" = 0 ] &&
  [ "$(tail -c $((tables + 4)) "$tmp/czech.weights" | head -c $tables | tr -d '\0' | wc -c)" != 0 ]
ok $? "its pattern weights are zero, where --init's were not"
cmp -s -i 64 -n 256 "$tmp/czech.weights" "$tmp/bare.weights"
ok $? "the men's and kings' square weights are --init's"
"$cli" train --variant czech -i "$tmp/czech.txt" -o "$tmp/x.weights" --patterns maybe 2> /dev/null
[ $? = 2 ] && [ ! -e "$tmp/x.weights" ]
ok $? "--patterns maybe is a usage error"

# Installed weights: a damaged file is reported, the built-in evaluation plays.
mkdir "$tmp/dir"
head -c 100 "$tmp/czech.weights" > "$tmp/dir/czech.weights"
out=$(DAMA_WEIGHTS_DIR="$tmp/dir" "$cli" analyse --variant czech --depth 3 2> "$tmp/err")
ok $? "analyse runs with a damaged weights file"
grep -q "czech.weights: .*using the built-in evaluation" "$tmp/err"
ok $? "the damaged file is named on stderr"
[ "$(echo "$out" | tail -1)" = \
  "$(DAMA_WEIGHTS_DIR=/nonexistent "$cli" analyse --variant czech --depth 3 | tail -1)" ]
ok $? "the built-in evaluation plays instead"

cp "$tmp/czech.weights" "$tmp/dir/czech.weights"
DAMA_WEIGHTS_DIR="$tmp/dir" "$cli" analyse --variant czech --depth 3 > /dev/null 2> "$tmp/err"
ok $? "analyse runs with trained weights"
[ ! -s "$tmp/err" ]
ok $? "good weights load silently"

echo "1..$n"
[ "$fails" = 0 ]
