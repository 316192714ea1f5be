/* game-test-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>

#include "game-test-util.h"

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

char *
game_test_pop_all (GtSignalLogger *logger,
                   gboolean       *position_last)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  gpointer obj;
  g_autofree char *last = NULL;

  while (TRUE)
    {
      g_autofree char *type_name = NULL;
      g_autofree char *signal_name = NULL;
      g_autoptr(GtSignalLoggerEmission) emission = NULL;
      char *name;

      if (!gt_signal_logger_pop_emission (logger, &obj, &type_name, &signal_name, &emission))
        break;

      if (g_str_equal (signal_name, "notify"))
        {
          GParamSpec *pspec;

          gt_signal_logger_emission_get_params (emission, &pspec);
          name = g_strdup_printf ("notify::%s", pspec->name);
          g_param_spec_unref (pspec);
        }
      else if (g_str_equal (signal_name, "moves-changed") ||
               g_str_equal (signal_name, "items-changed"))
        {
          guint p, r, a;

          gt_signal_logger_emission_get_params (emission, &p, &r, &a);
          name = g_strdup_printf ("%s(%u,%u,%u)", signal_name, p, r, a);
        }
      else if (g_str_equal (signal_name, "position-changed"))
        {
          gpointer move;

          gt_signal_logger_emission_get_params (emission, &move);
          name = g_strdup_printf ("position-changed(%s)", move != NULL ? "move" : "none");
        }
      else
        name = g_strdup (signal_name);

      g_free (last);
      last = g_strdup (name);
      g_ptr_array_add (names, name);
    }

  if (position_last != NULL)
    *position_last = last != NULL && g_str_has_prefix (last, "position-changed");

  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

GtSignalLogger *
game_test_logger_for (DamaGame *game)
{
  GtSignalLogger *logger = gt_signal_logger_new ();

  gt_signal_logger_connect (logger, game, "notify");
  gt_signal_logger_connect (logger, game, "position-changed");
  gt_signal_logger_connect (logger, game, "moves-changed");
  return logger;
}

void
game_test_init (int    *argc,
                char ***argv)
{
  /* The tests read the English texts. */
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
  g_test_init (argc, argv, NULL);
}
