/* dama-save-name.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dama-game.h"
#include "dama-save-name.h"

/* Long enough for two full names; short of the 255 bytes that file
 * systems allow, with the date and ".pdn" after it. */
#define NAME_MAX_CHARS 60

char *
dama_save_name_sanitize (const char *text,
                         glong       max_chars)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  GString *out = g_string_new (NULL);
  glong n = 0;

  for (const char *p = valid; *p != '\0' && n < max_chars; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      /* Refused by Windows file systems or a separator anywhere; a run
       * of them or of spaces becomes one space. */
      if (c < 0x20 || c == 0x7f || strchr ("/\\:*?\"<>|", (int) c) != NULL ||
          g_unichar_iscntrl (c) || g_unichar_isspace (c))
        c = ' ';
      if (c == ' ' && (out->len == 0 || out->str[out->len - 1] == ' '))
        continue;
      /* No hidden file. */
      if (c == '.' && out->len == 0)
        continue;
      g_string_append_unichar (out, c);
      n++;
    }
  while (out->len > 0 && (out->str[out->len - 1] == ' ' || out->str[out->len - 1] == '.'))
    g_string_truncate (out, out->len - 1);
  return g_string_free (out, FALSE);
}

/* The side's name as the saved file will have it, or NULL when the
 * game does not say. */
static char *
player_name (DamaGame  *game,
             DamaColor  side)
{
  const DamaPdnGame *record = dama_game_get_tree (game)->record;
  const char *value = dama_pdn_game_get_tag (record, side == DAMA_WHITE ? "White" : "Black");
  int player = dama_game_get_player (game, side);
  g_autofree char *name = NULL;

  /* As dama_game_to_pdn () names the computer. */
  if (player != DAMA_PLAYER_PERSON)
    return g_strdup_printf ("Dama %d", player);
  if (value == NULL)
    return NULL;
  name = dama_save_name_sanitize (value, NAME_MAX_CHARS / 2);
  if (*name == '\0' || g_str_equal (name, "-"))
    return NULL;
  return g_steal_pointer (&name);
}

/* The game's date as YYYY-MM-DD when its Date tag is a whole date
 * ("2026.11.24"), else NULL. */
static char *
game_date (const DamaPdnGame *game)
{
  const char *value = dama_pdn_game_get_tag (game, "Date");
  guint64 y, m, d;
  g_auto(GStrv) parts = NULL;

  if (value == NULL)
    return NULL;
  parts = g_strsplit (value, ".", -1);
  if (g_strv_length (parts) != 3 ||
      !g_ascii_string_to_unsigned (parts[0], 10, 1, 9999, &y, NULL) ||
      !g_ascii_string_to_unsigned (parts[1], 10, 1, 12, &m, NULL) ||
      !g_ascii_string_to_unsigned (parts[2], 10, 1, 31, &d, NULL))
    return NULL;
  return g_strdup_printf ("%04u-%02u-%02u", (guint) y, (guint) m, (guint) d);
}

char *
dama_save_name_for_game (DamaGame  *game,
                         GDateTime *today)
{
  g_autofree char *white = player_name (game, DAMA_WHITE);
  g_autofree char *black = player_name (game, DAMA_BLACK);
  g_autofree char *date = game_date (dama_game_get_tree (game)->record);
  g_autofree char *name = NULL;
  g_autofree char *safe = NULL;

  if (date == NULL)
    date = g_date_time_format (today, "%Y-%m-%d");
  if (white == NULL && black == NULL)
    /* Translators: the file name offered for a saved game whose players
     * have no names; %s is the date, 2026-11-24 */
    name = g_strdup_printf (_("Dáma game %s"), date);
  else
    /* Translators: the file name offered for a saved game: White's
     * name, Black's name and the date, "Novák – Dama 3, 2026-11-24" */
    name = g_strdup_printf (_("%s – %s, %s"), white != NULL ? white : _("White"),
                            black != NULL ? black : _("Black"), date);
  safe = dama_save_name_sanitize (name, NAME_MAX_CHARS + 20);
  return g_strconcat (safe, ".pdn", NULL);
}
