/* dama-game-header.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-game-header.h"

struct _DamaGameHeader
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkLabel *title;
  GtkLabel *result;
  GtkLabel *details;
  DamaGame *game;
};

G_DEFINE_FINAL_TYPE (DamaGameHeader, dama_game_header, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

const char *
dama_game_header_known_tag (DamaGame   *game,
                            const char *name)
{
  const char *value = dama_game_get_tag (game, name);

  if (value == NULL || value[0] == '\0' || g_str_equal (value, "?") ||
      g_str_equal (value, "????.??.??"))
    return NULL;
  return value;
}

/* A PDN date ("2024.05.03", "2024.05.??", "2024.??.??") in the words
 * of the user's language, as much of it as is known; a date that is
 * no date is shown as written. */
static char *
date_text (const char *date)
{
  g_auto(GStrv) parts = g_strsplit (date, ".", 3);
  int numbers[3] = { 0, 0, 0 };
  guint known = 0;
  g_autoptr(GDateTime) day = NULL;

  for (; known < 3 && parts[known] != NULL; known++)
    {
      char *end = NULL;
      guint64 n;

      if (parts[known][0] == '?' || parts[known][0] == '\0')
        break;
      n = g_ascii_strtoull (parts[known], &end, 10);
      if (end == parts[known] || *end != '\0' || n > 9999)
        return g_strdup (date);
      numbers[known] = (int) n;
    }
  if (known == 0)
    return NULL;
  day = g_date_time_new_local (numbers[0], known > 1 ? numbers[1] : 1, known > 2 ? numbers[2] : 1,
                               0, 0, 0);
  if (day == NULL)
    return g_strdup (date);
  if (known == 1)
    return g_date_time_format (day, "%Y");
  if (known == 2)
    /* Translators: a month of a year a game was played in, "May 2024";
     * see g_date_time_format () (%OB is the month's name on its own)
     * xgettext:no-c-format */
    return g_date_time_format (day, _("%OB %Y"));
  /* Translators: the day a game was played, "May 3, 2024"; see
   * g_date_time_format ()
   * xgettext:no-c-format */
  return g_date_time_format (day, _("%B %-d, %Y"));
}

static void
update (DamaGameHeader *self)
{
  const char *white, *black, *event, *site, *date, *round, *token;
  g_autofree char *title = NULL;
  g_autofree char *day = NULL;
  g_autoptr(GPtrArray) details = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *line = NULL;

  if (self->game == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }
  white = dama_game_header_known_tag (self->game, "White");
  black = dama_game_header_known_tag (self->game, "Black");
  event = dama_game_header_known_tag (self->game, "Event");
  site = dama_game_header_known_tag (self->game, "Site");
  date = dama_game_header_known_tag (self->game, "Date");
  round = dama_game_header_known_tag (self->game, "Round");

  if (white != NULL || black != NULL)
    /* Translators: the players of a game above the board, White's name
     * first, "Ann Smith – Bob Jones" */
    title = g_strdup_printf (_("%s – %s"), white != NULL ? white : _("White"),
                             black != NULL ? black : _("Black"));
  if (event != NULL)
    g_ptr_array_add (details, g_strdup (event));
  if (site != NULL)
    g_ptr_array_add (details, g_strdup (site));
  if (date != NULL && (day = date_text (date)) != NULL)
    g_ptr_array_add (details, g_strdup (day));
  if (round != NULL)
    /* Translators: the round of a tournament a game was played in,
     * "round 3" */
    g_ptr_array_add (details, g_strdup_printf (_("round %s"), round));
  g_ptr_array_add (details, NULL);
  line = g_strjoinv (" · ", (char **) details->pdata);

  token = dama_game_is_over (self->game) ? dama_result_token (dama_game_get_result (self->game))
                                          : NULL;
  gtk_label_set_label (self->title, title != NULL ? title : "");
  gtk_widget_set_visible (GTK_WIDGET (self->title), title != NULL);
  gtk_label_set_label (self->details, line);
  gtk_widget_set_visible (GTK_WIDGET (self->details), line[0] != '\0');
  gtk_label_set_label (self->result, token != NULL ? token : "");
  gtk_widget_set_visible (GTK_WIDGET (self->result), token != NULL);
  /* A game nobody described has nothing to show here: the rows by the
   * board already say who plays, and a date alone is only the day a game
   * played here was saved. */
  gtk_widget_set_visible (GTK_WIDGET (self),
                          title != NULL || event != NULL || site != NULL || round != NULL);
}

static void
dama_game_header_dispose (GObject *object)
{
  DamaGameHeader *self = DAMA_GAME_HEADER (object);

  dama_game_header_set_game (self, NULL);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (dama_game_header_parent_class)->dispose (object);
}

static void
dama_game_header_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  DamaGameHeader *self = DAMA_GAME_HEADER (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_game_header_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  DamaGameHeader *self = DAMA_GAME_HEADER (object);

  switch (prop_id)
    {
    case PROP_GAME:
      dama_game_header_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_game_header_class_init (DamaGameHeaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dama_game_header_dispose;
  object_class->get_property = dama_game_header_get_property;
  object_class->set_property = dama_game_header_set_property;
  /* The game whose tags are shown. */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, DAMA_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "dama-game-header");
}

static void
dama_game_header_init (DamaGameHeader *self)
{
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->title = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->title, 0);
  gtk_label_set_ellipsize (self->title, PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (GTK_WIDGET (self->title), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->title), "heading");
  self->result = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->result), "heading");
  gtk_widget_add_css_class (GTK_WIDGET (self->result), "numeric");
  self->details = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->details, 0);
  gtk_label_set_ellipsize (self->details, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->details), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->details), "caption");

  gtk_box_append (GTK_BOX (top), GTK_WIDGET (self->title));
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (self->result));
  gtk_box_append (GTK_BOX (self->box), top);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->details));
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
dama_game_header_new (void)
{
  return g_object_new (DAMA_TYPE_GAME_HEADER, NULL);
}

void
dama_game_header_set_game (DamaGameHeader *self,
                           DamaGame       *game)
{
  g_return_if_fail (DAMA_IS_GAME_HEADER (self));
  g_return_if_fail (game == NULL || DAMA_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      /* Tags change by the dialog, or with the whole game. */
      g_signal_connect_swapped (game, "tags-changed", G_CALLBACK (update), self);
      g_signal_connect_swapped (game, "tree-changed", G_CALLBACK (update), self);
      g_signal_connect_swapped (game, "notify::result", G_CALLBACK (update), self);
    }
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

const char *
dama_game_header_get_title (DamaGameHeader *self)
{
  g_return_val_if_fail (DAMA_IS_GAME_HEADER (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self)) ? gtk_label_get_label (self->title) : "";
}

const char *
dama_game_header_get_details (DamaGameHeader *self)
{
  g_return_val_if_fail (DAMA_IS_GAME_HEADER (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self)) ? gtk_label_get_label (self->details) : "";
}

const char *
dama_game_header_get_result (DamaGameHeader *self)
{
  g_return_val_if_fail (DAMA_IS_GAME_HEADER (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self)) ? gtk_label_get_label (self->result) : "";
}
