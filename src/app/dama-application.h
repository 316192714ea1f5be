/* dama-application.h: the application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DAMA_TYPE_APPLICATION (dama_application_get_type ())
G_DECLARE_FINAL_TYPE (DamaApplication, dama_application, DAMA, APPLICATION, AdwApplication)

DamaApplication *dama_application_new (void);

G_END_DECLS
