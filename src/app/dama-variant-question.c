/* dama-variant-question.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The PDN reader picks the variant of a file without a GameType or
 * Variant tag from its squares and from the moves that replay; the
 * person is told which, and may know better.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-variant-names.h"
#include "dama-variant-question.h"

typedef struct
{
  GtkDropDown *list;
  const DamaVariant *inferred;
  DamaVariantChosenFunc func;
  gpointer user_data;
  GDestroyNotify destroy;
} Question;

static void
question_free (gpointer data)
{
  Question *q = data;

  if (q->destroy != NULL)
    q->destroy (q->user_data);
  g_free (q);
}

static void
on_response (AdwMessageDialog *dialog,
             const char       *response,
             Question         *q)
{
  const DamaVariant *chosen = dama_variant_nth (gtk_drop_down_get_selected (q->list));

  if (g_str_equal (response, "read") && chosen != NULL && chosen != q->inferred)
    q->func (chosen, q->user_data);
}

GtkWidget *
dama_variant_question_show (GtkWindow             *parent,
                            const DamaVariant     *inferred,
                            DamaVariantChosenFunc  func,
                            gpointer               user_data,
                            GDestroyNotify         destroy)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  Question *q = g_new0 (Question, 1);
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  q->inferred = inferred;
  q->func = func;
  q->user_data = user_data;
  q->destroy = destroy;

  for (size_t i = 0; i < dama_variant_count (); i++)
    gtk_string_list_append (names, dama_variant_display_name (dama_variant_nth (i)));
  q->list = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL));
  for (size_t i = 0; i < dama_variant_count (); i++)
    if (dama_variant_nth (i) == inferred)
      gtk_drop_down_set_selected (q->list, (guint) i);

  /* Translators: %s is a variant, "Czech" */
  body = g_strdup_printf (_("The file does not say which variant its game is. It was read as "
                            "%s, the variant under which its moves are legal. If it is "
                            "another, choose it to read the game again."),
                          dama_variant_display_name (inferred));
  dialog = adw_message_dialog_new (parent, _("Variant Chosen for the Game"), body);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), GTK_WIDGET (q->list));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "keep", _("_Keep"),
                                    "read", _("_Read Again"),
                                    NULL);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  g_object_set_data_full (G_OBJECT (dialog), "dama-question", q, question_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_response), q);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}
