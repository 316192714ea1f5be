/* dama-star-record.c: writing and reading the Chinese checkers text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-star-record.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "dama-star-painter.h"

G_DEFINE_QUARK (dama-star-record-error-quark, dama_star_record_error)

static const char *const colour_names[DAMA_STAR_COLOURS] = {
  "black", "blue", "red", "green", "yellow", "white",
};

const char *
dama_star_colour_name (int colour)
{
  return colour >= 0 && colour < DAMA_STAR_COLOURS ? colour_names[colour] : "red";
}

void
dama_star_setup_init (DamaStarSetup *setup,
                      int            n_players)
{
  DamaStarPainter painter;

  memset (setup, 0, sizeof *setup);
  dama_star_rules_init (&setup->rules);
  setup->n_players = dama_star_players_valid (n_players) ? n_players : 2;
  dama_star_painter_init (&painter, setup->n_players);
  for (int p = 0; p < DAMA_STAR_MAX_PLAYERS; p++)
    {
      setup->colour[p] = painter.colour[p];
      setup->level[p] = p == 0 ? 0 : 5;
    }
}

char *
dama_star_record_write (const DamaStarSetup *setup,
                        const DamaStarGame  *game)
{
  GString *text = g_string_new ("# Dáma: Chinese checkers\n");
  char start[DAMA_STAR_POSITION_TEXT_SIZE];
  DamaStarPosition p = game->start;

  g_string_append_printf (text, "Star: %d\n", dama_star_board_get (p.size)->n_holes);
  g_string_append_printf (text, "CornerRule: %s\n", setup->rules.corner_rule ? "yes" : "no");
  g_string_append_printf (text, "AntiSpoiling: %s\n", setup->rules.anti_spoiling ? "yes" : "no");
  for (int q = 0; q < p.n_players; q++)
    {
      g_string_append_printf (text, "Seat: %c ", dama_star_corner_letter (p.home[q]));
      if (setup->level[q] == 0)
        g_string_append (text, "person");
      else
        g_string_append_printf (text, "computer %d", setup->level[q]);
      g_string_append_printf (text, " %s\n", dama_star_colour_name (setup->colour[q]));
    }
  dama_star_position_write (&p, start);
  g_string_append_printf (text, "Start: %s\nMoves:", start);
  for (size_t i = 0; i < game->n_moves; i++)
    {
      char move[DAMA_STAR_MOVE_TEXT_SIZE];

      dama_star_move_text (&p, game->moves[i], move);
      g_string_append_printf (text, " %s", move);
      dama_star_play (&game->rules, &p, game->moves[i]);
    }
  g_string_append_c (text, '\n');
  return g_string_free (text, FALSE);
}

static gboolean
fail (GError    **error,
      int         line,
      const char *message)
{
  g_set_error (error, DAMA_STAR_RECORD_ERROR, DAMA_STAR_RECORD_ERROR_INVALID,
               /* Translators: an error in a Chinese checkers game file:
                * "line 4: CornerRule takes yes or no" */
               _("line %d: %s"), line, message);
  return FALSE;
}

static gboolean
parse_yes_no (const char *value,
              bool       *out)
{
  if (g_strcmp0 (value, "yes") == 0)
    *out = true;
  else if (g_strcmp0 (value, "no") == 0)
    *out = false;
  else
    return FALSE;
  return TRUE;
}

/* "A person red", "D computer 5 white". */
static gboolean
parse_seat (const char    *value,
            DamaStarSetup *setup,
            int           *corners,
            int            n)
{
  g_auto (GStrv) words = g_strsplit (value, " ", -1);
  guint count = g_strv_length (words);
  guint i = 1;
  gint64 level = 0;
  int colour = -1;

  if (n >= DAMA_STAR_MAX_PLAYERS || count < 3 || strlen (words[0]) != 1 ||
      words[0][0] < 'A' || words[0][0] > 'F')
    return FALSE;
  corners[n] = words[0][0] - 'A';
  if (g_strcmp0 (words[i], "person") == 0)
    i++;
  else if (g_strcmp0 (words[i], "computer") == 0 && count >= 4 &&
           g_ascii_string_to_signed (words[i + 1], 10, 1, 10, &level, NULL))
    i += 2;
  else
    return FALSE;
  for (int c = 0; c < DAMA_STAR_COLOURS && i < count; c++)
    if (g_strcmp0 (words[i], colour_names[c]) == 0)
      colour = c;
  if (colour < 0 || i + 1 != count)
    return FALSE;
  setup->level[n] = (int) level;
  setup->colour[n] = colour;
  return TRUE;
}

static gboolean
replay (const char    *moves,
        DamaStarGame  *game,
        int            line,
        GError       **error)
{
  g_auto (GStrv) words = g_strsplit (moves, " ", -1);
  DamaStarMoveList *legal = g_new (DamaStarMoveList, 1);
  gboolean ok = TRUE;
  int number = 0;

  for (int i = 0; words[i] != NULL && ok; i++)
    {
      DamaStarMove move;
      DamaError parse_error = { 0 };

      if (*words[i] == '\0')
        continue;
      number++;
      dama_star_generate_moves (&game->rules, &game->position, legal);
      if (game->end != DAMA_STAR_END_NONE ||
          !dama_star_move_parse (&game->position, legal, words[i], &move, &parse_error))
        {
          g_autofree char *message =
            /* Translators: "move 12 (k3-k5): why it cannot be played" */
            g_strdup_printf (_("move %d (%s): %s"), number, words[i],
                             game->end != DAMA_STAR_END_NONE ? _("the game is already over")
                                                             : parse_error.message);
          ok = fail (error, line, message);
        }
      else if (!dama_star_game_play (game, move))
        ok = fail (error, line, _("out of memory"));
    }
  g_free (legal);
  return ok;
}

gboolean
dama_star_record_read (const char     *text,
                       DamaStarSetup  *setup,
                       DamaStarGame   *game,
                       GError        **error)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  DamaStarSetup parsed;
  DamaStarPosition start;
  int corners[DAMA_STAR_MAX_PLAYERS];
  int n_seats = 0, star = 0;
  gboolean have_start = FALSE;
  const char *moves = NULL;
  int moves_line = 0;

  dama_star_setup_init (&parsed, 2);
  for (int i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      char *colon = strchr (line, ':');
      const char *value;

      if (*line == '\0' || *line == '#')
        continue;
      if (colon == NULL)
        return fail (error, i + 1, _("expected \"Key: value\""));
      *colon = '\0';
      value = colon[1] == ' ' ? colon + 2 : colon + 1;
      if (strcmp (line, "Star") == 0)
        {
          if (strcmp (value, "121") != 0 && strcmp (value, "73") != 0)
            return fail (error, i + 1, _("the star has 121 or 73 holes"));
          star = atoi (value);
        }
      else if (strcmp (line, "CornerRule") == 0)
        {
          if (!parse_yes_no (value, &parsed.rules.corner_rule))
            return fail (error, i + 1, _("CornerRule takes yes or no"));
        }
      else if (strcmp (line, "AntiSpoiling") == 0)
        {
          if (!parse_yes_no (value, &parsed.rules.anti_spoiling))
            return fail (error, i + 1, _("AntiSpoiling takes yes or no"));
        }
      else if (strcmp (line, "Seat") == 0)
        {
          if (!parse_seat (value, &parsed, corners, n_seats))
            return fail (error, i + 1, _("expected a seat such as \"A person red\""));
          n_seats++;
        }
      else if (strcmp (line, "Start") == 0)
        {
          DamaError parse_error = { 0 };

          if (!dama_star_position_parse (value, &start, &parse_error))
            return fail (error, i + 1, parse_error.message);
          have_start = TRUE;
        }
      else if (strcmp (line, "Moves") == 0)
        {
          moves = value;
          moves_line = i + 1;
        }
    }

  if (!have_start)
    return fail (error, 0, _("no Start position"));
  if (star != 0 && star != dama_star_board_get (start.size)->n_holes)
    return fail (error, 0, _("the Star and the Start position differ"));
  if (n_seats != start.n_players)
    return fail (error, 0, _("one Seat line is needed for each player of the Start position"));
  for (int q = 0; q < n_seats; q++)
    if (corners[q] != start.home[q])
      return fail (error, 0, _("the Seat lines are not in the order of the Start position"));
  parsed.n_players = start.n_players;
  parsed.rules.size = start.size;

  dama_star_game_init (game, &parsed.rules, &start);
  if (moves != NULL && !replay (moves, game, moves_line, error))
    {
      dama_star_game_clear (game);
      return FALSE;
    }
  *setup = parsed;
  return TRUE;
}
