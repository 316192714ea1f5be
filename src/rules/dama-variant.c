/* dama-variant.c: the built-in variants
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each record follows the rules in the project's variant specification;
 * Spanish is the mirror image of Czech, so it shares the dark-square
 * layout and differs only in the names of squares.
 */
#include "dama-variant.h"
#include "dama-error.h"

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>

#define DIAG8 DAMA_BOARD_DIAGONAL_8
#define FWD DAMA_MAN_FORWARD
#define ALL (DAMA_MAN_FORWARD | DAMA_MAN_BACKWARD)

static DamaVariant variants[] = {
  {
    .id = "czech", .name = "Czech draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = true,
    .precedence = DAMA_CAPTURE_KING_FIRST, .promotion = DAMA_PROMOTE_AT_END,
    .kings_only_limit = 30, /* 15 moves each: FMJD's Czech rules */
    .notation = DAMA_NOTATION_ALGEBRAIC, .gametype = 29,
  },
  {
    /* The school version (seed 001, 3.1) removes each jumped man at once. */
    .id = "czech-8", .name = "Czech draughts, 8 men",
    .board = DIAG8, .men_rows = 2, .first_mover = DAMA_BLACK,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = true,
    .precedence = DAMA_CAPTURE_KING_FIRST, .promotion = DAMA_PROMOTE_AT_END,
    .removal = DAMA_REMOVE_IMMEDIATE,
    .notation = DAMA_NOTATION_ALGEBRAIC,
  },
  {
    /* Žravá dáma as seed 001 §7 gives it: the school game of 7.1-5
     * (8 men, Black first, jumped pieces leave at once) with the goal
     * reversed. */
    .id = "czech-giveaway-8", .name = "Czech giveaway draughts, 8 men",
    .board = DIAG8, .men_rows = 2, .first_mover = DAMA_BLACK,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = true,
    .precedence = DAMA_CAPTURE_KING_FIRST, .promotion = DAMA_PROMOTE_AT_END,
    .removal = DAMA_REMOVE_IMMEDIATE, .goal = DAMA_GOAL_GIVEAWAY,
    .notation = DAMA_NOTATION_ALGEBRAIC,
  },
  {
    /* The 12-man form (seed 001, 6.1, reversed): the official Czech
     * rules with the goal reversed. Its id is the one files written
     * before the 8-man form existed carry, and keeps their meaning. */
    .id = "czech-giveaway", .name = "Czech giveaway draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = true,
    .precedence = DAMA_CAPTURE_KING_FIRST, .promotion = DAMA_PROMOTE_AT_END,
    .goal = DAMA_GOAL_GIVEAWAY, .notation = DAMA_NOTATION_ALGEBRAIC,
  },
  {
    .id = "english", .name = "English draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_BLACK,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = false,
    .precedence = DAMA_CAPTURE_FREE, .promotion = DAMA_PROMOTE_AND_STOP,
    .kings_only_limit = 80, .notation = DAMA_NOTATION_NUMERIC, .gametype = 21,
  },
  {
    .id = "german", .name = "German draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_BLACK,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = false,
    .precedence = DAMA_CAPTURE_FREE, .promotion = DAMA_PROMOTE_AND_STOP,
    .quiet_limit = 50, .notation = DAMA_NOTATION_ALGEBRAIC,
  },
  {
    .id = "spanish", .name = "Spanish draughts",
    .board = DIAG8, .mirrored = true, .light_squares = true,
    .men_rows = 3, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = true,
    .precedence = DAMA_CAPTURE_QUANTITY_QUALITY,
    .promotion = DAMA_PROMOTE_AT_END, .endgame = DAMA_ENDGAME_SPANISH,
    .notation = DAMA_NOTATION_NUMERIC, .numbering = DAMA_NUMBERING_SPANISH,
    .gametype = 24,
  },
  {
    /* Beyond the seeds: the Italian federation's rules. The board has a
     * dark square at each player's bottom right, as Spanish, but play is
     * on the dark squares, numbered 1-32 from the top left as shown. */
    .id = "italian", .name = "Italian draughts",
    .board = DIAG8, .mirrored = true, .men_rows = 3, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = false,
    .men_spare_kings = true,
    .precedence = DAMA_CAPTURE_ITALIAN, .promotion = DAMA_PROMOTE_AT_END,
    .notation = DAMA_NOTATION_NUMERIC, .numbering = DAMA_NUMBERING_MIRRORED,
    .gametype = 22,
  },
  {
    .id = "russian", .name = "Russian draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = ALL, .flying_kings = true,
    .precedence = DAMA_CAPTURE_FREE, .promotion = DAMA_PROMOTE_AND_CONTINUE,
    .kings_only_limit = 30, .endgame = DAMA_ENDGAME_RUSSIAN,
    .notation = DAMA_NOTATION_ALGEBRAIC, .gametype = 25,
  },
  {
    .id = "russian-giveaway", .name = "Russian giveaway draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = ALL, .flying_kings = true,
    .precedence = DAMA_CAPTURE_FREE, .promotion = DAMA_PROMOTE_AND_CONTINUE,
    .goal = DAMA_GOAL_GIVEAWAY, .notation = DAMA_NOTATION_ALGEBRAIC,
  },
  {
    .id = "pool", .name = "Pool checkers",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_BLACK,
    .man_moves = FWD, .man_captures = ALL, .flying_kings = true,
    .precedence = DAMA_CAPTURE_FREE, .promotion = DAMA_PROMOTE_AT_END,
    .endgame = DAMA_ENDGAME_POOL,
    .notation = DAMA_NOTATION_NUMERIC, .gametype = 23,
  },
  {
    .id = "international", .name = "International draughts",
    .board = DAMA_BOARD_DIAGONAL_10, .men_rows = 4, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = ALL, .flying_kings = true,
    .precedence = DAMA_CAPTURE_MAJORITY, .promotion = DAMA_PROMOTE_AT_END,
    .kings_only_limit = 50, .endgame = DAMA_ENDGAME_FMJD,
    .notation = DAMA_NOTATION_NUMERIC, .gametype = 20,
  },
  {
    .id = "brazilian", .name = "Brazilian draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = ALL, .flying_kings = true,
    .precedence = DAMA_CAPTURE_MAJORITY, .promotion = DAMA_PROMOTE_AT_END,
    .kings_only_limit = 40, /* 20 successive king moves (CBD) */
    .endgame = DAMA_ENDGAME_FMJD,
    .notation = DAMA_NOTATION_ALGEBRAIC, .gametype = 26,
  },
  {
    .id = "turkish", .name = "Turkish draughts",
    .board = DAMA_BOARD_ORTHOGONAL_8, .men_rows = 2, .first_men_row = 1,
    .first_mover = DAMA_WHITE,
    .man_moves = FWD | DAMA_MAN_SIDEWAYS,
    .man_captures = FWD | DAMA_MAN_SIDEWAYS,
    .flying_kings = true, .king_no_reversal = true,
    .precedence = DAMA_CAPTURE_MAJORITY, .promotion = DAMA_PROMOTE_AT_END,
    .removal = DAMA_REMOVE_IMMEDIATE, .lone_piece_loses = true,
    .notation = DAMA_NOTATION_ALGEBRAIC, .gametype = 30,
  },
};

static once_flag variants_once = ONCE_FLAG_INIT;

/* Direction sets of a man of colour c: "forward" is up for White. */
static unsigned
man_dirs (const DamaVariant *v,
          unsigned           sides,
          DamaColor          c)
{
  unsigned dirs = 0;
  bool diagonal = v->board != DAMA_BOARD_ORTHOGONAL_8;
  unsigned up = diagonal ? (1u << 0 | 1u << 1) : 1u << 0;
  unsigned down = diagonal ? (1u << 2 | 1u << 3) : 1u << 3;

  if (sides & DAMA_MAN_FORWARD)
    dirs |= c == DAMA_WHITE ? up : down;
  if (sides & DAMA_MAN_BACKWARD)
    dirs |= c == DAMA_WHITE ? down : up;
  if ((sides & DAMA_MAN_SIDEWAYS) && !diagonal)
    dirs |= 1u << 1 | 1u << 2;

  return dirs;
}

void
dama_variant_prepare (DamaVariant *v)
{
  v->geometry = dama_geometry_get (v->board);
  v->one_landing = !v->flying_kings || v->king_lands_behind;
  v->men_spared = v->men_spare_kings ? ~(DamaBits) 0 : 0;
  for (int c = 0; c < 2; c++)
    {
      v->man_move_dirs[c] = man_dirs (v, v->man_moves, (DamaColor) c);
      v->man_capture_dirs[c] = man_dirs (v, v->man_captures, (DamaColor) c);
      for (int d = 0; d < DAMA_N_DIRS; d++)
        {
          v->man_move_step[c][d] = (v->man_move_dirs[c] >> d & 1) ? v->geometry->has_step[d] : 0;
          v->man_capture_step[c][d] = (v->man_capture_dirs[c] >> d & 1) ? v->geometry->has_step[d] : 0;
          v->man_jump_from[c][d] = v->man_capture_step[c][d] &
                                   dama_shift (v->geometry->has_step[d], -v->geometry->delta[d]);
        }
    }
}

static void
prepare_all (void)
{
  for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
    dama_variant_prepare (&variants[i]);
}

size_t
dama_variant_count (void)
{
  return sizeof variants / sizeof variants[0];
}

const DamaVariant *
dama_variant_nth (size_t n)
{
  call_once (&variants_once, prepare_all);
  return n < dama_variant_count () ? &variants[n] : NULL;
}

const DamaVariant *
dama_variant_find (const char *id)
{
  if (id == NULL)
    return NULL;

  for (size_t i = 0; i < dama_variant_count (); i++)
    if (strcmp (variants[i].id, id) == 0)
      return dama_variant_nth (i);

  /* A custom rule set, as files and settings name it. */
  if (strncmp (id, "custom:", 7) == 0)
    return dama_variant_custom (id + 7, NULL, 0);
  return NULL;
}

const DamaVariant *
dama_variant_find_gametype (int gametype)
{
  for (size_t i = 0; i < dama_variant_count (); i++)
    if (gametype != 0 && variants[i].gametype == gametype)
      return dama_variant_nth (i);

  return NULL;
}

typedef enum
{
  FIELD_INT,
  FIELD_UNSIGNED,
  FIELD_BOOL,
} FieldType;

typedef struct
{
  const char *key;
  const char *names[5];
  int values[5];
  size_t offset;
  FieldType type;
} CustomKey;

#define FIELD(f) offsetof (DamaVariant, f)

static const CustomKey custom_keys[] = {
  { "board", { "8", "10", "orthogonal" },
    { DAMA_BOARD_DIAGONAL_8, DAMA_BOARD_DIAGONAL_10, DAMA_BOARD_ORTHOGONAL_8 },
    FIELD (board), FIELD_INT },
  { "first", { "white", "black" }, { DAMA_WHITE, DAMA_BLACK }, FIELD (first_mover), FIELD_INT },
  { "men-capture", { "forward", "all" },
    { DAMA_MAN_FORWARD, DAMA_MAN_FORWARD | DAMA_MAN_BACKWARD }, FIELD (man_captures),
    FIELD_UNSIGNED },
  { "kings", { "flying", "short" }, { 1, 0 }, FIELD (flying_kings), FIELD_BOOL },
  { "precedence", { "free", "king-first", "majority", "quantity-quality", "italian" },
    { DAMA_CAPTURE_FREE, DAMA_CAPTURE_KING_FIRST, DAMA_CAPTURE_MAJORITY,
      DAMA_CAPTURE_QUANTITY_QUALITY, DAMA_CAPTURE_ITALIAN }, FIELD (precedence), FIELD_INT },
  { "promotion", { "end", "continue", "stop" },
    { DAMA_PROMOTE_AT_END, DAMA_PROMOTE_AND_CONTINUE, DAMA_PROMOTE_AND_STOP },
    FIELD (promotion), FIELD_INT },
  { "removal", { "end", "immediate" }, { DAMA_REMOVE_AT_END, DAMA_REMOVE_IMMEDIATE },
    FIELD (removal), FIELD_INT },
  { "goal", { "normal", "giveaway" }, { DAMA_GOAL_NORMAL, DAMA_GOAL_GIVEAWAY },
    FIELD (goal), FIELD_INT },
  { "notation", { "algebraic", "numeric" }, { DAMA_NOTATION_ALGEBRAIC, DAMA_NOTATION_NUMERIC },
    FIELD (notation), FIELD_INT },
  /* The traditional rules of seed 003 ("Reglas tradicionales"). */
  { "blocked", { "loss", "draw", "most-pieces" },
    { DAMA_BLOCKED_LOSS, DAMA_BLOCKED_DRAW, DAMA_BLOCKED_MOST_PIECES },
    FIELD (blocked), FIELD_INT },
  { "king-landing", { "any", "behind" }, { 0, 1 }, FIELD (king_lands_behind), FIELD_BOOL },
  { "men-take-kings", { "yes", "no" }, { 0, 1 }, FIELD (men_spare_kings), FIELD_BOOL },
  { "lost-king", { "plays-on", "loses" }, { 0, 1 }, FIELD (lost_king_loses), FIELD_BOOL },
  { "huffing", { "off", "on", "remove", "retake" },
    { DAMA_HUFFING_OFF, DAMA_HUFFING_REMOVE, DAMA_HUFFING_REMOVE, DAMA_HUFFING_RETAKE },
    FIELD (huffing), FIELD_INT },
};

/* Stores value into the field at offset, whatever its integer type;
 * memcpy, as the field's alignment is not known to the compiler here. */
static void
set_field (DamaVariant     *v,
           const CustomKey *key,
           int              value)
{
  char *field = (char *) v + key->offset;

  static_assert (sizeof (DamaBoardKind) == sizeof (int), "enums are ints");
  static_assert (sizeof (DamaBlocked) == sizeof (int), "enums are ints");

  switch (key->type)
    {
    case FIELD_BOOL:
      {
        bool b = value != 0;

        memcpy (field, &b, sizeof b);
      }
      break;
    case FIELD_UNSIGNED:
      {
        unsigned u = (unsigned) value;

        memcpy (field, &u, sizeof u);
      }
      break;
    case FIELD_INT:
    default:
      memcpy (field, &value, sizeof value);
      break;
    }
}

/* Reads the field of key as an int, whatever its type. */
static int
get_field (const DamaVariant *v,
           const CustomKey   *key)
{
  const char *field = (const char *) v + key->offset;

  switch (key->type)
    {
    case FIELD_BOOL:
      {
        bool b;

        memcpy (&b, field, sizeof b);
        return b;
      }
    case FIELD_UNSIGNED:
      {
        unsigned u;

        memcpy (&u, field, sizeof u);
        return (int) u;
      }
    case FIELD_INT:
    default:
      {
        int i;

        memcpy (&i, field, sizeof i);
        return i;
      }
    }
}

size_t
dama_custom_key_count (void)
{
  return sizeof custom_keys / sizeof custom_keys[0];
}

const char *
dama_custom_key_name (size_t key)
{
  return key < dama_custom_key_count () ? custom_keys[key].key : NULL;
}

const char *
dama_custom_key_value_name (size_t key,
                            size_t value)
{
  if (key >= dama_custom_key_count () || value >= 5)
    return NULL;
  return custom_keys[key].names[value];
}

int
dama_custom_key_get (const DamaVariant *v,
                     size_t             key)
{
  const CustomKey *ck;
  int field;

  if (key >= dama_custom_key_count ())
    return -1;
  ck = &custom_keys[key];
  field = get_field (v, ck);
  /* Turkish men also capture sideways: the key speaks of the rest. */
  if (ck->offset == FIELD (man_captures))
    field &= ~DAMA_MAN_SIDEWAYS;
  for (int n = 0; n < 5 && ck->names[n] != NULL; n++)
    if (ck->values[n] == field)
      return n;
  return -1;
}

bool
dama_custom_key_set (DamaVariant *v,
                     size_t       key,
                     size_t       value)
{
  if (dama_custom_key_value_name (key, value) == NULL)
    return false;
  set_field (v, &custom_keys[key], custom_keys[key].values[value]);
  return true;
}

void
dama_variant_write_custom (const DamaVariant *base,
                           const DamaVariant *v,
                           char              *out,
                           size_t             size)
{
  size_t n;

  if (size == 0)
    return;
  snprintf (out, size, "%s", base->id);
  n = strlen (out);
  if (v->men_rows != base->men_rows && n < size)
    n += (size_t) snprintf (out + n, size - n, ",men-rows=%d", v->men_rows);
  for (size_t k = 0; k < dama_custom_key_count () && n < size; k++)
    {
      int value = dama_custom_key_get (v, k);

      if (value >= 0 && value != dama_custom_key_get (base, k))
        n += (size_t) snprintf (out + n, size - n, ",%s=%s", custom_keys[k].key,
                                custom_keys[k].names[value]);
    }
}

static bool
apply_custom (DamaVariant *v,
              const char  *key,
              size_t       key_len,
              const char  *value,
              size_t       value_len,
              char        *error,
              size_t       error_size)
{
  if (key_len == 8 && strncmp (key, "men-rows", 8) == 0)
    {
      int rows = 0;

      for (size_t i = 0; i < value_len; i++)
        {
          if (value[i] < '0' || value[i] > '9' || rows > 10)
            {
              snprintf (error, error_size, "rules: men-rows must be a number");
              return false;
            }
          rows = rows * 10 + (value[i] - '0');
        }
      if (value_len == 0 || rows < 1 || rows > 4)
        {
          snprintf (error, error_size, "rules: men-rows must be 1 to 4");
          return false;
        }
      v->men_rows = rows;
      return true;
    }

  for (size_t k = 0; k < sizeof custom_keys / sizeof custom_keys[0]; k++)
    {
      const CustomKey *ck = &custom_keys[k];

      if (strlen (ck->key) != key_len || strncmp (ck->key, key, key_len) != 0)
        continue;
      for (int n = 0; n < 5 && ck->names[n] != NULL; n++)
        if (strlen (ck->names[n]) == value_len && strncmp (ck->names[n], value, value_len) == 0)
          {
            set_field (v, ck, ck->values[n]);
            return true;
          }
      snprintf (error, error_size, "rules: unknown value '%.*s' for %s",
                dama_utf8_prefix (value, value_len > 40 ? 40 : value_len), value, ck->key);
      return false;
    }

  snprintf (error, error_size, "rules: unknown key '%.*s'",
            dama_utf8_prefix (key, key_len > 40 ? 40 : key_len), key);
  return false;
}

bool
dama_variant_parse_custom (const char  *text,
                           DamaVariant *variant,
                           char        *error,
                           size_t       error_size)
{
  const char *comma = strchr (text, ',');
  size_t base_len = comma ? (size_t) (comma - text) : strlen (text);
  const DamaVariant *base = NULL;
  const char *p;

  for (size_t i = 0; i < dama_variant_count (); i++)
    if (strlen (variants[i].id) == base_len && strncmp (variants[i].id, text, base_len) == 0)
      base = dama_variant_nth (i);
  if (base == NULL)
    {
      snprintf (error, error_size, "rules: unknown base variant '%.*s'",
                dama_utf8_prefix (text, base_len > 40 ? 40 : base_len), text);
      return false;
    }

  *variant = *base;
  variant->id = "custom";
  variant->name = "Custom rules";
  variant->gametype = 0;

  for (p = comma; p != NULL && *p == ','; )
    {
      const char *key = p + 1;
      const char *end = strchr (key, ',');
      const char *eq;
      size_t len = end ? (size_t) (end - key) : strlen (key);

      eq = memchr (key, '=', len);
      if (eq == NULL)
        {
          snprintf (error, error_size, "rules: expected key=value, found '%.*s'",
                    dama_utf8_prefix (key, len > 40 ? 40 : len), key);
          return false;
        }
      if (!apply_custom (variant, key, (size_t) (eq - key), eq + 1,
                         len - (size_t) (eq - key) - 1, error, error_size))
        return false;
      p = end;
    }

  /* Turkish-style boards and men have their own shape of moves. */
  if (variant->board == DAMA_BOARD_ORTHOGONAL_8)
    {
      variant->man_moves |= DAMA_MAN_SIDEWAYS;
      variant->man_captures |= DAMA_MAN_SIDEWAYS;
    }
  if ((variant->board == DAMA_BOARD_ORTHOGONAL_8) != (base->board == DAMA_BOARD_ORTHOGONAL_8))
    variant->first_men_row = variant->board == DAMA_BOARD_ORTHOGONAL_8 ? 1 : 0;
  /* At least two empty rows must separate the armies. */
  {
    int size = variant->board == DAMA_BOARD_DIAGONAL_10 ? 10 : 8;

    if (2 * (variant->first_men_row + variant->men_rows) > size - 2)
      {
        snprintf (error, error_size, "rules: too many rows of men for the board");
        return false;
      }
  }

  dama_variant_prepare (variant);
  return true;
}
