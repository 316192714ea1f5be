/* rule-cases.c: the special rules of every variant, one position per
 * table row, as test-rules-positions.c checks them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each row gives a position, the legal moves a player would list (the
 * full capture path, as `dama-cli moves` prints them), and optionally a
 * move to play with the position and game state it must lead to. The
 * expected values follow the rules in VARIANTS.md and the rule positions
 * of tests/data/PERFT.md. Rows that hold for several variants list them
 * all: the same diagram is then checked under each variant's rules.
 *
 * Square names: algebraic a1-h8 (a1 dark, bottom left from White);
 * numeric 8x8: 1=b8 ... 4=h8, 5=a7 ... 29=a1 ... 32=g1; International
 * 1-50 from the top left; Spanish 1=h1, 2=f1 ... 5=g2 ... 32=a8 (the
 * light squares, numbered from White's back row).
 */
#include "rule-cases.h"

#define CZECH_FAMILY "czech czech-8 czech-giveaway-8 czech-giveaway"
#define RUSSIAN_FAMILY "russian russian-giveaway"
#define ALGEBRAIC_8 CZECH_FAMILY " " RUSSIAN_FAMILY " german brazilian"

const RuleCase rule_cases[] = {
  /* ------------------------------------------------------------------
   * Start positions and who moves first.
   */
  { "start", "czech czech-giveaway russian russian-giveaway brazilian", NULL,
    "a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4", 0, NULL, NULL, "ongoing" },
  /* Eight men on two rows; Black moves first (seed 001). */
  { "start", "czech-8 czech-giveaway-8", NULL,
    "a7-b6 c7-b6 c7-d6 e7-d6 e7-f6 g7-f6 g7-h6", 0, NULL, NULL, "ongoing" },
  /* Black (on 1-12) moves first, downwards. */
  { "start", "english pool", NULL,
    "9-13 9-14 10-14 10-15 11-15 11-16 12-16", 0, NULL, NULL, "ongoing" },
  { "start", "german", NULL,
    "b6-a5 b6-c5 d6-c5 d6-e5 f6-e5 f6-g5 h6-g5", 0, NULL, NULL, "ongoing" },
  /* White on 1-12 (h1, f1, d1, b1, g2 ...), moving up: 9=h3 10=f3 11=d3
   * 12=b3 step to 13=g4 14=e4 15=c4 16=a4. */
  { "start", "spanish", NULL,
    "9-13 10-13 10-14 11-14 11-15 12-15 12-16", 0, NULL, NULL, "ongoing" },
  { "start", "international", NULL,
    "31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30", 0, NULL, NULL, "ongoing" },
  /* Only the eight men of the third row can move: forward, since the
   * row is full sideways. */
  { "start", "turkish", NULL,
    "a3-a4 b3-b4 c3-c4 d3-d4 e3-e4 f3-f4 g3-g4 h3-h4", 0, NULL, NULL, "ongoing" },

  /* ------------------------------------------------------------------
   * Czech: king priority.
   *
   *  8 . . . . . . . .     The king on a1 can take c3; the man on g3
   *  7 . . . . . . . .     can take f4. A king capture comes first, so
   *  6 . . . . . . . .     only the king may capture; it lands on any
   *  5 . . . . . . . .     square behind c3 (no jump follows from any).
   *  4 . . . . . b . .
   *  3 . . b . . . W .
   *  2 . . . . . . . .
   *  1 K . . . . . . .
   *    a b c d e f g h
   */
  { "king-priority", CZECH_FAMILY, "W:WKa1,g3:Bc3,f4",
    "a1:d4 a1:e5 a1:f6 a1:g7 a1:h8", 0, NULL, NULL, NULL },
  /* Free choice: the man may take instead of the king. */
  { "king-priority", RUSSIAN_FAMILY " brazilian", "W:WKa1,g3:Bc3,f4",
    "a1:d4 a1:e5 a1:f6 a1:g7 a1:h8 g3:e5", 0, NULL, NULL, NULL },
  /* The king's single capture (h8:a1 over b2) beats the man's double
   * capture (a3:c5:e7) in Czech; Russian men also take backwards (a3:c1
   * over b2) and any capture may be chosen; Brazilian takes the most. */
  { "king-priority-over-longer", CZECH_FAMILY, "W:Wa3,Kh8:Bb2,b4,d6",
    "h8:a1", 0, NULL, NULL, NULL },
  { "king-priority-over-longer", RUSSIAN_FAMILY, "W:Wa3,Kh8:Bb2,b4,d6",
    "a3:c1 a3:c5:e7 h8:a1", 0, NULL, NULL, NULL },
  { "majority-over-king", "brazilian", "W:Wa3,Kh8:Bb2,b4,d6",
    "a3:c5:e7", 0, NULL, NULL, NULL },

  /* ------------------------------------------------------------------
   * Men captures: free choice, forward only or backward too.
   *
   *  6 . . . . . b . .   Czech: a3xb4 lands on c5 and stops; c3 takes
   *  5 . . . . . . . .   b4 (to a5) or d4 then f6 (to g7): any of the
   *  4 . b . b . . . .   three. Russian: from c5 the man goes on
   *  3 W . W . . . . .   backwards over d4 to e3. Brazilian: only the
   *    a b c d e f g h   two double captures.
   */
  { "free-choice-men", CZECH_FAMILY, "W:Wa3,c3:Bb4,d4,f6",
    "a3:c5 c3:a5 c3:e5:g7", 0, NULL, NULL, NULL },
  { "free-choice-men", RUSSIAN_FAMILY, "W:Wa3,c3:Bb4,d4,f6",
    "a3:c5:e3 c3:a5 c3:e5:g7", 0, NULL, NULL, NULL },
  { "majority-men", "brazilian", "W:Wa3,c3:Bb4,d4,f6",
    "a3:c5:e3 c3:e5:g7", 0, NULL, NULL, NULL },
  { "men-capture-forward-only", CZECH_FAMILY " german", "W:Wd4:Bc3,e3",
    "d4-c5 d4-e5", 0, NULL, NULL, NULL },
  { "men-capture-backward", RUSSIAN_FAMILY " brazilian", "W:Wd4:Bc3,e3",
    "d4:b2 d4:f2", 0, NULL, NULL, NULL },
  /* Equal captures, one of a king: a king counts as one piece. */
  { "king-counts-as-one", ALGEBRAIC_8, "W:Wc3:Bb4,Kd4",
    "c3:a5 c3:e5", 0, NULL, NULL, NULL },
  /* Giving away does not lift the duty to capture. */
  { "capture-mandatory", ALGEBRAIC_8, "W:Wc3,h2:Bd4",
    "c3:e5", 0, NULL, NULL, NULL },

  /* ------------------------------------------------------------------
   * Kings: flying or short.
   */
  { "flying-king-moves", CZECH_FAMILY " " RUSSIAN_FAMILY " brazilian", "W:WKd4:Bh8",
    "d4-a1 d4-a7 d4-b2 d4-b6 d4-c3 d4-c5 d4-e3 d4-e5 d4-f2 d4-f6 d4-g1 d4-g7",
    0, NULL, NULL, NULL },
  { "short-king-moves", "german", "W:WKd4:Bh8",
    "d4-c3 d4-c5 d4-e3 d4-e5", 0, NULL, NULL, NULL },
  /* A flying king takes from afar and lands on any square behind. */
  { "flying-king-capture", CZECH_FAMILY " " RUSSIAN_FAMILY " brazilian", "W:WKa1:Bd4",
    "a1:e5 a1:f6 a1:g7 a1:h8", 0, NULL, NULL, NULL },
  { "short-king-cannot-reach", "german", "W:WKa1:Bd4",
    "a1-b2", 0, NULL, NULL, NULL },
  /* Two pieces side by side on a line cannot be jumped. */
  { "adjacent-pieces-block", ALGEBRAIC_8, "W:WKa1:Bc3,d4",
    "a1-b2", 0, NULL, NULL, NULL },
  { "short-king-capture", "german", "W:WKd4:Bc5,e5",
    "d4:b6 d4:f6", 0, NULL, NULL, NULL },
  { "short-king-double", "german", "W:WKd4:Bc5,c7",
    "d4:b6:d8", 0, NULL, NULL, NULL },
  /* A Russian king must land where it can go on capturing: after c3
   * only e5 leads on (over f4); d4, f6, g7, h8 would end the move. */
  { "king-must-continue", RUSSIAN_FAMILY " brazilian", "W:WKa1:Bc3,f4",
    "a1:e5:g3 a1:e5:h2", 0, NULL, NULL, NULL },

  /* ------------------------------------------------------------------
   * Turkish strike: jumped pieces stay until the move ends.
   *
   *  8 . . . . . . . .   The king on a5 takes c3 (landing d2 or e1).
   *  7 . . . . . . . .   From d2 it takes f4 and stops on g5 or h6.
   *  6 . . . . . . . .   From e1 it takes f2, must land on g3 (h4 ends
   *  5 K . . . . . . .   the move), takes f4 and lands on e5-b8. From
   *  4 . . . . . b . .   e5 the captured c3 still stands between it and
   *  3 . . b . . . . .   b2: b2 cannot be taken.
   *  2 . b . . . b . .
   *  1 . . . . . . . .
   *    a b c d e f g h
   */
  { "turkish-strike", RUSSIAN_FAMILY, "W:WKa5:Bb2,c3,f2,f4",
    "a5:d2:g5 a5:d2:h6 a5:e1:g3:b8 a5:e1:g3:c7 a5:e1:g3:d6 a5:e1:g3:e5",
    0, NULL, NULL, NULL },
  { "turkish-strike", "brazilian", "W:WKa5:Bb2,c3,f2,f4",
    "a5:e1:g3:b8 a5:e1:g3:c7 a5:e1:g3:d6 a5:e1:g3:e5", 0, NULL, NULL, NULL },

  /* ------------------------------------------------------------------
   * Promotion during a capture: PERFT.md's W:W10:B7,8 (d6, e7, g7),
   * with a black man on h2 so that the game goes on.
   */
  { "promotion-in-capture", CZECH_FAMILY, "W:Wd6:Be7,g7,h2",
    "d6:f8", 0, "d6:f8", "B:WKf8:Bg7,h2", "ongoing" },
  /* German, like English: crowned on f8, the move ends although the new
   * king could take g7. */
  { "crowning-ends-move", "german", "W:Wd6:Be7,g7,h2",
    "d6:f8", 0, "d6:f8", "B:WKf8:Bg7,h2", "ongoing" },
  { "promotion-in-capture", RUSSIAN_FAMILY, "W:Wd6:Be7,g7,h2",
    "d6:f8:h6", 0, "d6:f8:h6", "B:WKh6:Bh2", "ongoing" },
  /* Brazilian: on f8 the man goes on as a man (backwards over g7) and
   * stays a man on h6. */
  { "promotion-in-capture", "brazilian", "W:Wd6:Be7,g7,h2",
    "d6:f8:h6", 0, "d6:f8:h6", "B:Wh6:Bh2", "ongoing" },
  /* Crowned on d8, a Russian man goes on as a flying king over g5; a
   * man could not reach g5, so elsewhere the move ends on d8. */
  { "promotion-continues-as-king", RUSSIAN_FAMILY, "W:Wb6:Bc7,g5,h2",
    "b6:d8:h4", 0, "b6:d8:h4", "B:WKh4:Bh2", "ongoing" },
  { "promotion-at-end", CZECH_FAMILY " german brazilian", "W:Wb6:Bc7,g5,h2",
    "b6:d8", 0, "b6:d8", "B:WKd8:Bg5,h2", "ongoing" },
  { "quiet-promotion", ALGEBRAIC_8, "W:Wc7:Bh2",
    "c7-b8 c7-d8", 0, "c7-d8", "B:WKd8:Bh2", "ongoing" },
  { "black-men-move-down", ALGEBRAIC_8, "B:Wh2:Bd4",
    "d4-c3 d4-e3", 0, NULL, NULL, "ongoing" },

  /* ------------------------------------------------------------------
   * The end: no legal move loses, or wins in the giveaway variants.
   */
  { "blocked-loses", "czech czech-8 " "russian german brazilian", "W:Wa1:Bb2,c3",
    "", 0, NULL, NULL, "black wins: white cannot move" },
  { "blocked-wins", "czech-giveaway-8 czech-giveaway russian-giveaway", "W:Wa1:Bb2,c3",
    "", 0, NULL, NULL, "white wins: white cannot move" },
  { "no-pieces-loses", "czech czech-8 russian german brazilian", "B:Wc3:B",
    "", 0, NULL, NULL, "white wins: black cannot move" },
  { "no-pieces-wins", "czech-giveaway-8 czech-giveaway russian-giveaway", "B:Wc3:B",
    "", 0, NULL, NULL, "black wins: black cannot move" },
  /* Losing the last piece: the player left without pieces cannot move,
   * and wins in the giveaway variants. */
  { "take-last-piece", "czech-giveaway-8 czech-giveaway russian-giveaway", "B:Wc3:Bd4",
    "d4:b2", 0, "d4:b2", "W:W:Bb2", "white wins: white cannot move" },
  { "take-last-piece", "czech czech-8 russian brazilian german", "B:Wc3:Bd4",
    "d4:b2", 0, "d4:b2", "W:W:Bb2", "black wins: white cannot move" },

  /* ------------------------------------------------------------------
   * English and Pool (numeric squares).
   */
  /* 10=d6 takes 7=e7 to 3=f8: English crowns and stops there; Pool goes
   * on as a man backwards over 8=g7 to 12=h6. */
  { "crowning-ends-move", "english", "W:W10:B7,8,28",
    "10x3", 0, "10x3", "B:WK3:B8,28", "ongoing" },
  { "promotion-in-capture", "pool", "W:W10:B7,8,28",
    "10x3x12", 0, "10x3x12", "B:W12:B28", "ongoing" },
  { "men-capture-forward-only", "english", "W:W18:B22,23",
    "18-14 18-15", 0, NULL, NULL, NULL },
  { "men-capture-backward", "pool", "W:W18:B22,23",
    "18x25 18x27", 0, NULL, NULL, NULL },
  /* 22=c3 takes 18=d4 to 15=e5; a Pool man goes on backwards over
   * 19=f4 to 24=g3. */
  { "backward-continuation", "english", "W:W22:B18,19",
    "22x15", 0, NULL, NULL, NULL },
  { "backward-continuation", "pool", "W:W22:B18,19",
    "22x15x24", 0, NULL, NULL, NULL },
  /* King on 18=d4. */
  { "short-king-moves", "english", "W:WK18:B1",
    "18-14 18-15 18-22 18-23", 0, NULL, NULL, NULL },
  { "flying-king-moves", "pool", "W:WK18:B1",
    "18-4 18-5 18-8 18-9 18-11 18-14 18-15 18-22 18-23 18-25 18-27 18-29 18-32",
    0, NULL, NULL, NULL },
  { "short-king-capture", "english", "W:WK18:B14,15",
    "18x9 18x11", 0, NULL, NULL, NULL },
  { "flying-king-capture", "pool", "W:WK18:B14,15",
    "18x4 18x5 18x8 18x9 18x11", 0, NULL, NULL, NULL },
  /* From b6 (9) the short king goes on over c7 (6) to d8 (2). */
  { "king-double-capture", "english", "W:WK18:B6,14",
    "18x9x2", 0, NULL, NULL, NULL },
  { "short-king-cannot-reach", "english", "W:WK29:B18",
    "29-25", 0, NULL, NULL, NULL },
  { "flying-king-from-corner", "pool", "W:WK29:B18",
    "29x4 29x8 29x11 29x15", 0, NULL, NULL, NULL },
  /* Black to move: 9=b6 takes c5 (14) then c3 (22); 12=h6 takes g5 (16)
   * once. Either may be chosen. */
  { "free-choice", "english pool", "B:W14,16,22:B9,12",
    "9x18x25 12x19", 0, NULL, NULL, NULL },
  { "free-choice", "german", "B:Wc5,g5,c3:Bb6,h6",
    "b6:d4:b2 h6:f4", 0, NULL, NULL, NULL },
  /* Black's man on h2 (28) is stuck behind White's g1 (32). */
  { "blocked-loses", "english pool", "B:W32:B28",
    "", 0, NULL, NULL, "white wins: black cannot move" },
  { "quiet-promotion", "english pool", "B:W21:B27",
    "27-31 27-32", 0, "27-32", "W:W21:BK32", "ongoing" },
  { "quiet-promotion", "german", "B:Wg1:Bf2",
    "f2-e1", 0, "f2-e1", "W:Wg1:BKe1", "ongoing" },

  /* ------------------------------------------------------------------
   * Spanish: the law of quantity, then of quality (numbers as in the
   * header: 10=f3, 13=g4, 14=e4, 17=h5, 19=d5, 21=g6, 23=c6, 26=f7,
   * 28=b7).
   */
  { "start-first-mover-white", "spanish", "W:W1-12:B21-32",
    "9-13 10-13 10-14 11-14 11-15 12-15 12-16", 0, NULL, NULL, NULL },
  /* f3 takes g4 (one man) or e4 then c6 (two): the most must be taken. */
  { "quantity", "spanish", "W:W10:B13,14,23",
    "10x19x28", 0, NULL, NULL, NULL },
  /* One piece either way; the king on g4 must be the one taken. */
  { "quality", "spanish", "W:W10:BK13,14",
    "10x17", 0, NULL, NULL, NULL },
  /* Two men outweigh one king. */
  { "quantity-before-quality", "spanish", "W:W10:BK13,14,23",
    "10x19x28", 0, NULL, NULL, NULL },
  /* Two pieces either way: {e4 king, c6} beats {g4, g6}. */
  { "quality-of-doubles", "spanish", "W:W10:BK14,13,21,23",
    "10x19x28", 0, NULL, NULL, NULL },
  { "men-capture-forward-only", "spanish", "W:W14:B10,11",
    "14-18 14-19", 0, NULL, NULL, NULL },
  { "flying-king-moves", "spanish", "W:WK14:B32",
    "14-1 14-4 14-5 14-7 14-10 14-11 14-18 14-19 14-21 14-23 14-25 14-28",
    0, NULL, NULL, NULL },
  { "flying-king-capture", "spanish", "W:WK1:B14",
    "1x19 1x23 1x28 1x32", 0, NULL, NULL, NULL },
  { "black-men-move-down", "spanish", "B:W1:B22",
    "22-18 22-19", 0, NULL, NULL, NULL },
  { "quiet-promotion", "spanish", "W:W25:B24",
    "25-29", 0, "25-29", "B:WK29:B24", "ongoing" },
  { "blocked-loses", "spanish", "W:W1:B5,10",
    "", 0, NULL, NULL, "black wins: white cannot move" },

  /* ------------------------------------------------------------------
   * International (10x10, 1-50), with the rule positions of PERFT.md.
   */
  /* A captured piece cannot be passed a second time. */
  { "perft-md-no-second-pass", "international", "W:WK41,49:B9,10,12,19,38",
    NULL, 1, NULL, NULL, NULL, "41x43" },
  { "perft-md-majority", "international", "W:W48:B24,K31,34,K42,43",
    NULL, 1, NULL, NULL, NULL, "48x19" },
  /* A king counts as one piece: two captures of three. */
  { "perft-md-king-counts-as-one", "international", "W:W26:B12,K21,31,32",
    NULL, 2, NULL, NULL, NULL, "26x08 26x28" },
  /* The man passes the last row (15x4x13) and stays a man. */
  { "perft-md-passes-last-row", "international", "W:W15:B9,10",
    "15x4x13", 0, "15x13", "B:W13:B", "white wins: black cannot move", "15x13 15x04x13" },
  { "perft-md-king-long", "international", "W:WK1:B7,9,17,19,20,30,31,33,43,44",
    NULL, 1, NULL, NULL, NULL, "01x15 1x15" },
  /* 32 takes 27 (to 21) or 28 then 19 (to 14): the most must be taken. */
  { "majority", "international", "W:W32:B19,27,28",
    "32x23x14", 0, NULL, NULL, NULL },
  { "men-capture-backward", "international", "W:W28:B33",
    "28x39", 0, NULL, NULL, NULL },
  { "men-move-forward", "international", "W:W28:B1",
    "28-22 28-23", 0, NULL, NULL, NULL },
  { "promotion-at-end", "international", "W:W13:B8,45",
    "13x2", 0, "13x2", "B:WK2:B45", "ongoing" },
  { "flying-king-moves", "international", "W:WK1:B50",
    "1-6 1-7 1-12 1-18 1-23 1-29 1-34 1-40 1-45", 0, NULL, NULL, NULL },

  /* ------------------------------------------------------------------
   * Russian rule positions of PERFT.md.
   */
  { "perft-md-king-four", RUSSIAN_FAMILY, "W:WKd2:Bf6,c5,e5,e3",
    NULL, 4, NULL, NULL, NULL },
  { "perft-md-free-choice", RUSSIAN_FAMILY, "W:We3,g3,h4,a5,b2,h2,a3,Kf8:Bc5,e5,g5,g7,h8",
    NULL, 3, NULL, NULL, NULL },
  /* Around the square c3-c5-e5-e3 both ways: four paths, the two full
   * loops back to d2 are one move. */
  { "perft-md-loop", RUSSIAN_FAMILY, "W:WKd2:Bc5,e5,c3,e3",
    "d2:b4:d6:f4:c1 d2:b4:d6:f4:d2 d2:f4:d6:b4:e1", 0, NULL, NULL, NULL },

  /* PERFT.md's promotion position in numeric notation. */
  { "perft-md-promotion", "czech", "W:W10:B7,8",
    "d6:f8", 0, NULL, NULL, NULL },
  { "perft-md-promotion", "english", "W:W10:B7,8",
    "10x3", 0, NULL, NULL, NULL },
  { "perft-md-promotion", "russian", "W:W10:B7,8",
    "d6:f8:h6", 0, NULL, NULL, NULL },
  { "perft-md-promotion", "brazilian", "W:W10:B7,8",
    "d6:f8:h6", 0, "d6:f8:h6", "B:Wh6:B", NULL },
  { "perft-md-promotion", "pool", "W:W10:B7,8",
    "10x3x12", 0, "10x3x12", "B:W12:B", NULL },

  /* ------------------------------------------------------------------
   * Turkish: orthogonal moves, sideways men, immediate removal, no 180°
   * turn, majority; the rule positions of PERFT.md first.
   */
  { "perft-md-longest", "turkish",
    "W:Wa4,h4,a3,b3,c3,d3,e3,f3,g3,h3,a2,c2,d2,f2:Bc7,h7,a6,b6,c6,d6,e6,g6,h6,a5,b5,c5,e5,g5,f4",
    "f3:f5:d5:d7:b7", 0, NULL, NULL, NULL },
  { "perft-md-no-reversal", "turkish",
    "B:Wc5,a4,f4,g4,h4,a3,b3,c3,f3,h3,b2,e2,g2:BKc8,a7,d7,e7,f7,g7,e6,f6,g6,f5",
    "c8:c4:c2:f2:h2", 0, NULL, NULL, NULL },
  { "perft-md-crowned-at-end", "turkish",
    "W:We4,a3,b3,e3,f3,h3,d2,e2,g2:BKc8,a7,d7,e7,f7,g7,f6,g6,e5",
    "e4:e6:e8", 0, NULL, NULL, NULL },
  { "perft-md-sideways-on-last-row", "turkish",
    "W:Wf6,a4,c4,a3,b3,c3,d3,g3,a2,b2,d2,f2,g2:BKe8,a7,b7,c7,d7,f7,a6,b6,c6,d6,h6,a5,c5",
    "f6:f8:d8", 0, "f6:f8:d8", NULL, NULL },
  { "perft-md-king-turns", "turkish", "W:WKa1:Ba4,c6,h8",
    "a1:a6:d6 a1:a6:e6 a1:a6:f6 a1:a6:g6 a1:a6:h6", 0, NULL, NULL, NULL },
  /* Men step forward or sideways, never back. */
  { "men-sideways", "turkish", "W:Wd4:Bh8",
    "d4-c4 d4-d5 d4-e4", 0, NULL, NULL, NULL },
  { "men-capture-sideways", "turkish", "W:Wd4:Be4",
    "d4:f4", 0, NULL, NULL, NULL },
  { "men-capture-not-backward", "turkish", "W:Wd4:Bd3",
    "d4-c4 d4-d5 d4-e4", 0, NULL, NULL, NULL },
  { "black-men", "turkish", "B:Wa1:Bd5",
    "d5-c5 d5-d4 d5-e5", 0, NULL, NULL, NULL },
  { "king-orthogonal", "turkish", "W:WKd4:Bh8",
    "d4-a4 d4-b4 d4-c4 d4-d1 d4-d2 d4-d3 d4-d5 d4-d6 d4-d7 d4-d8 d4-e4 d4-f4 "
    "d4-g4 d4-h4", 0, NULL, NULL, NULL },
  /* d4 takes d5 then c6 (two) rather than e4 (one). */
  { "majority", "turkish", "W:Wd4:Bd5,c6,e4",
    "d4:d6:b6", 0, NULL, NULL, NULL },
  /* After d6 (going up) the king may not come back down over d2, nor
   * after d2 go back up over d6: three single captures. */
  { "no-reversal", "turkish", "W:WKd4:Bd2,d6",
    "d4:d1 d4:d7 d4:d8", 0, NULL, NULL, NULL },
  /* Immediate removal: the king runs a loop b2-b5-e5-e2-b2 and then
   * goes up the b file again through b4, which it took first.
   *
   *  8 . . . . . . . .
   *  7 . b . . . . . .
   *  6 . . . . . . . .
   *  5 . . . b . . . .
   *  4 . b . . . . . .
   *  3 . . . . b . . .
   *  2 . K b . . . . .
   *  1 . . . . . . . .
   *    a b c d e f g h
   */
  { "immediate-removal", "turkish", "W:WKb2:Bb4,d5,e3,c2,b7",
    "b2:b5:e5:e2:b2:b8", 0, NULL, NULL, NULL },
  { "quiet-promotion", "turkish", "W:Wc7,a2:Bh2",
    "a2-a3 a2-b2 c7-b7 c7-c8 c7-d7", 0, "c7-c8", "B:WKc8,a2:Bh2",
    "white wins: black has a single piece against a king" },
  { "blocked-loses", "turkish", "W:Wa7:Ba8,b7,c7",
    "", 0, NULL, NULL, "black wins: white cannot move" },
  /* The king takes a2 first and ends its capture there, on the square
   * it emptied: it is still a king on a2. */
  { "king-ends-on-emptied-square", "turkish", "B:Wa2,b2,b4,c3,h5:BKa1,h7",
    "a1:a4:c4:c2:a2", 0, "a1xa4xc4xc2xa2", "W:Wh5:Bh7,Ka2",
    "black wins: white has a single piece against a king" },

  /* ------------------------------------------------------------------
   * Italian: numbered 1 (a8) to 32 (h1) from the top left of the board
   * as shown, which has a dark square at each player's bottom right:
   * 1=a8 2=c8 3=e8 4=g8, 5=b7 ... 13=b5 14=d5 15=f5 16=h5, 17=a4 18=c4
   * 19=e4 20=g4, 21=b3 22=d3 23=f3 24=h3 ... 29=b1 ... 32=h1.
   */
  { "start", "italian", NULL,
    "21-17 21-18 22-18 22-19 23-19 23-20 24-20", 0, NULL, NULL, "ongoing" },
  /* A man may not capture a king, not even in the middle of a capture. */
  { "men-spare-kings", "italian", "W:W22:BK18", "22-19", 0, NULL, NULL, NULL },
  { "men-take-men", "italian", "W:W22:B18", "22x13", 0, NULL, NULL, NULL },
  { "men-stop-before-a-king", "italian", "W:W22:B18,K10", "22x13", 0, NULL, NULL, NULL },
  /* Kings are short and may capture kings. */
  { "short-kings", "italian", "W:WK22:B1", "22-18 22-19 22-26 22-27", 0, NULL, NULL, NULL },
  /* One piece either way: the king must capture, not the man. */
  { "precedence-king-captures", "italian", "W:W22,K24:B18,20", "24x15", 0, NULL, NULL, NULL },
  /* One piece either way, by the king: the king, not the man. */
  { "precedence-most-kings", "italian", "W:WK22:BK18,19", "22x13", 0, NULL, NULL, NULL },
  /* Two pieces, one a king, either way: the capture that meets the king
   * first (over 18, then 10) rather than second (over 19, then 12). */
  { "precedence-earliest-king", "italian", "W:WK22:B19,K12,K18,10", "22x13x6", 0,
    "22x6", "B:WK6:B19,K12", "ongoing" },
  /* The most pieces before anything else: two men rather than a king. */
  { "precedence-most-pieces", "italian", "W:WK22:BK19,18,10", "22x13x6", 0, NULL, NULL, NULL },

  /* ------------------------------------------------------------------
   * czech-8: jumped pieces leave at once, so the king may end on d4,
   * which it jumped first, and stays a king there.
   */
  { "king-ends-on-emptied-square", "czech-8 czech-giveaway-8", "W:WKa1:Bd4,g5,g3,e3,b8",
    "a1:e5:h2 a1:f6:h4:f2:a7 a1:f6:h4:f2:b6 a1:f6:h4:f2:c5 a1:f6:h4:f2:d4",
    0, "a1:f6:h4:f2:d4", "B:WKd4:Bb8", "ongoing" },
  /* ------------------------------------------------------------------
   * Žravá dáma (seed 001 §7): the 8-man game removes each jumped piece
   * at once, the 12-man form at the end of the move, so only the first
   * lets the king cross d4 again; in both, losing everything wins.
   */
  { "king-crosses-emptied-square", "czech-giveaway-8", "W:WKa1:Bd4,g5,g3,e3",
    "a1:e5:h2 a1:f6:h4:f2:a7 a1:f6:h4:f2:b6 a1:f6:h4:f2:c5 a1:f6:h4:f2:d4",
    0, "a1:f6:h4:f2:d4", "B:WKd4:B", "black wins: black cannot move" },
  { "king-stops-before-jumped-square", "czech-giveaway", "W:WKa1:Bd4,g5,g3,e3",
    "a1:e5:h2 a1:f6:h4:e1 a1:f6:h4:f2", 0, "a1:f6:h4:f2", "B:WKf2:Be3", "ongoing" },
  /* ------------------------------------------------------------------
   * The traditional rules of seed 003 as custom rules. A blocked side:
   * loses (the default, above), draws, or the pieces are counted, then
   * the kings (giveaway: the fewer win). Four white men on the seventh
   * row under four black men on the eighth cannot move.
   */
  { "blocked-draw", "custom:czech,blocked=draw custom:russian,blocked=draw", "W:Wa1:Bb2,c3",
    "", 0, NULL, NULL, "draw: white cannot move" },
  { "blocked-more-pieces-win", "custom:czech,blocked=most-pieces", "W:Wa1:Bb2,c3",
    "", 0, NULL, NULL, "black wins: white cannot move; pieces counted" },
  { "blocked-fewer-pieces-win", "custom:czech,blocked=most-pieces,goal=giveaway",
    "W:Wa1:Bb2,c3", "", 0, NULL, NULL, "white wins: white cannot move; pieces counted" },
  { "blocked-more-kings-win", "custom:czech,blocked=most-pieces",
    "W:Wa7,c7,e7,g7:Bb8,Kd8,f8,h8", "", 0, NULL, NULL,
    "black wins: white cannot move; pieces counted" },
  { "blocked-equal-draw", "custom:czech,blocked=most-pieces",
    "W:Wa7,c7,e7,g7:Bb8,d8,f8,h8", "", 0, NULL, NULL,
    "draw: white cannot move; pieces counted" },
  /* A side with no pieces left still loses: nothing is blocked. */
  { "blocked-no-pieces-lose", "custom:czech,blocked=draw custom:czech,blocked=most-pieces",
    "B:Wc3:Bd4", "d4:b2", 0, "d4:b2", "W:W:Bb2", "black wins: white cannot move" },
  /* Kings that land just behind the piece they take: a1:e5 only, and
   * the second jump from d4 lands on g7 only; quiet moves still fly. */
  { "king-lands-behind", "custom:czech,king-landing=behind custom:russian,king-landing=behind",
    "W:WKa1:Bd4", "a1:e5", 0, "a1:e5", "B:WKe5:B", "white wins: black cannot move" },
  { "king-lands-behind-twice", "custom:czech,king-landing=behind", "W:WKa1:Bc3,f6",
    "a1:d4:g7", 0, NULL, NULL, "ongoing" },
  { "king-lands-anywhere", "czech", "W:WKa1:Bc3,f6", "a1:d4:g7 a1:d4:h8", 0, NULL, NULL,
    "ongoing" },
  { "king-still-flies", "custom:czech,king-landing=behind", "W:WKa1:Bh8",
    "a1-b2 a1-c3 a1-d4 a1-e5 a1-f6 a1-g7", 0, NULL, NULL, "ongoing" },
  /* Men that may not take kings: c3 may take the man on d4, not the
   * king; a king still takes a king. */
  { "men-spare-kings", "custom:czech,men-take-kings=no", "W:Wc3:BKd4,h8", "c3-b4", 0, NULL,
    NULL, "ongoing" },
  { "men-take-men", "custom:czech,men-take-kings=no", "W:Wc3:Bd4,h8", "c3:e5", 0, NULL,
    NULL, "ongoing" },
  { "kings-take-kings", "custom:czech,men-take-kings=no", "W:WKa1:BKd4,h8", "a1:e5 a1:f6 a1:g7",
    0, NULL, NULL, "ongoing" },
  { "men-take-kings", "czech custom:czech,men-take-kings=yes", "W:Wc3:BKd4,h8", "c3:e5", 0,
    NULL, NULL, "ongoing" },
  /* Losing a king loses the game; losing a man does not. */
  { "lost-king-loses", "custom:czech,lost-king=loses custom:russian,lost-king=loses",
    "W:Wc3:BKd4,h8", "c3:e5", 0, "c3:e5", "B:We5:Bh8", "white wins: black lost a king" },
  { "lost-man-plays-on", "custom:czech,lost-king=loses", "W:Wc3:Bd4,Kh8", "c3:e5", 0,
    "c3:e5", "B:We5:BKh8", "ongoing" },
  { "lost-king-plays-on", "czech", "W:Wc3:BKd4,h8", "c3:e5", 0, "c3:e5", "B:We5:Bh8",
    "ongoing" },
};

const size_t rule_n_cases = sizeof rule_cases / sizeof rule_cases[0];
