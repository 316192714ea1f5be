/* main.c: the dama program
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "dama-application.h"
#include "dama-startup-trace.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DamaApplication) app = NULL;
  /* Run from the build directory, the catalogs are not installed yet:
   * build-aux/dama-dev points here at the built ones. */
  const char *localedir = g_getenv ("DAMA_LOCALEDIR");

  dama_startup_trace_mark ("main");
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("Draughts"));
  app = dama_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
