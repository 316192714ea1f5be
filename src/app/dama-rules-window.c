/* dama-rules-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-game.h"
#include "dama-rules-window.h"
#include "dama-variant-names.h"

struct _DamaRulesWindow
{
  AdwWindow parent_instance;

  AdwWindowTitle *window_title;
  GtkLabel *start_label;
  GtkLabel *moves_label;
  GtkLabel *kings_label;
  GtkLabel *end_label;

  const DamaVariant *variant;
};

G_DEFINE_FINAL_TYPE (DamaRulesWindow, dama_rules_window, ADW_TYPE_WINDOW)

static guint
count_bits (DamaBits bits)
{
  guint n = 0;

  for (; bits != 0; bits &= bits - 1)
    n++;
  return n;
}

static void
add (GString    *text,
     const char *sentence)
{
  if (text->len > 0)
    g_string_append_c (text, ' ');
  g_string_append (text, sentence);
}

/* The end of the game where a blocked side does not simply lose: the
 * traditional rules of seed 003. */
static void
add_blocked_rule (GString           *text,
                  const DamaVariant *v)
{
  gboolean giveaway = v->goal == DAMA_GOAL_GIVEAWAY;

  add (text, giveaway ? _("The aim is reversed: you win when you have lost all your pieces.")
                      : _("You win when you have captured all your opponent’s pieces."));
  if (v->blocked == DAMA_BLOCKED_DRAW)
    add (text, _("A player whose pieces are all blocked cannot move, and the game is drawn."));
  else if (giveaway)
    add (text, _("When a player’s pieces are all blocked, the side with fewer pieces wins, "
                 "then the side with fewer kings; otherwise the game is drawn."));
  else
    add (text, _("When a player’s pieces are all blocked, the side with more pieces wins, "
                 "then the side with more kings; otherwise the game is drawn."));
}

/* The sentences are built from the variant's parameters, so that they
 * say what the rules core plays; the help pages say the same at length. */
char *
dama_rules_describe (const DamaVariant *v,
                     DamaRulesSection   section)
{
  GString *text = g_string_new (NULL);
  DamaPosition start;
  guint men;

  g_return_val_if_fail (v != NULL, NULL);

  switch (section)
    {
    case DAMA_RULES_START:
      dama_position_start (&start, v);
      men = count_bits (start.pieces[DAMA_WHITE]);
      if (v->board == DAMA_BOARD_ORTHOGONAL_8)
        add (text, _("The game uses all 64 squares of an 8×8 board."));
      else if (v->board == DAMA_BOARD_DIAGONAL_10)
        add (text, _("The game is played on the dark squares of a 10×10 board."));
      else if (v->light_squares)
        add (text, _("The game is played on the light squares of an 8×8 board."));
      else
        add (text, _("The game is played on the dark squares of an 8×8 board."));
      {
        g_autofree char *s = g_strdup_printf (ngettext ("Each side has %u man on its half of the board.",
                                                        "Each side has %u men on its half of the board.",
                                                        men), men);
        add (text, s);
      }
      add (text, v->first_mover == DAMA_WHITE ? _("White moves first.") : _("Black moves first."));
      break;

    case DAMA_RULES_MOVES:
      if (v->man_moves & DAMA_MAN_SIDEWAYS)
        add (text, _("A man moves one square straight forward or sideways."));
      else
        add (text, _("A man moves one square diagonally forward."));
      add (text, _("It captures by jumping over an enemy piece next to it onto the empty square "
                   "behind, and goes on jumping while it can."));
      if (v->man_captures & DAMA_MAN_BACKWARD)
        add (text, _("Men capture backwards as well as forwards."));
      else if (v->man_captures & DAMA_MAN_SIDEWAYS)
        add (text, _("Men capture forwards and sideways, never backwards."));
      else
        add (text, _("Men capture forwards only."));
      add (text, _("Capturing is mandatory."));
      switch (v->precedence)
        {
        case DAMA_CAPTURE_FREE:
          add (text, _("When there are several captures, you may choose any of them."));
          break;
        case DAMA_CAPTURE_KING_FIRST:
          add (text, _("If a king can capture, a king must capture; otherwise you may choose "
                       "any capture."));
          break;
        case DAMA_CAPTURE_MAJORITY:
          add (text, _("You must take the greatest number of pieces."));
          break;
        case DAMA_CAPTURE_QUANTITY_QUALITY:
          add (text, _("You must take the greatest number of pieces, and among those captures "
                       "the most kings."));
          break;
        case DAMA_CAPTURE_ITALIAN:
          add (text, _("You must take the greatest number of pieces; among those, capture with "
                       "a king if you can, then take the most kings, then the kings that come "
                       "first. Men may not capture kings."));
          break;
        default:
          break;
        }
      if (v->men_spare_kings && v->precedence != DAMA_CAPTURE_ITALIAN)
        add (text, _("Men may not capture kings; only a king may take a king."));
      if (v->removal == DAMA_REMOVE_IMMEDIATE)
        add (text, _("Each captured piece leaves the board as soon as it is jumped."));
      else
        add (text, _("Captured pieces leave the board when the move is over; no piece may be "
                     "jumped twice."));
      break;

    case DAMA_RULES_KINGS:
      add (text, _("A man that ends its move on the far row becomes a king."));
      if (v->flying_kings)
        add (text, _("Kings fly: they move and capture along a whole line, any number of "
                     "squares, in every direction."));
      else
        add (text, _("Kings move and capture one square at a time, forwards and backwards."));
      if (v->flying_kings && v->king_lands_behind)
        add (text, _("A capturing king lands on the square just behind the piece it takes."));
      switch (v->promotion)
        {
        case DAMA_PROMOTE_AND_CONTINUE:
          add (text, _("A man that reaches the far row in the middle of a capture is crowned "
                       "at once and jumps on as a king."));
          break;
        case DAMA_PROMOTE_AND_STOP:
          add (text, _("Reaching the far row ends the move, even in the middle of a capture."));
          break;
        case DAMA_PROMOTE_AT_END:
        default:
          add (text, _("A man that only passes the far row during a capture stays a man."));
          break;
        }
      break;

    case DAMA_RULES_END:
      if (v->blocked != DAMA_BLOCKED_LOSS)
        add_blocked_rule (text, v);
      else if (v->goal == DAMA_GOAL_GIVEAWAY)
        add (text, _("The aim is reversed: you win when you cannot move, having lost or "
                     "blocked all your pieces."));
      else
        add (text, _("You win when your opponent cannot move: all their pieces are captured "
                     "or blocked."));
      if (v->lost_king_loses)
        add (text, _("A player who has a king captured loses the game."));
      if (v->lone_piece_loses)
        add (text, _("A single piece against a king and any other piece loses; one piece "
                     "each is a draw."));
      if (v->quiet_limit > 0)
        {
          g_autofree char *s = g_strdup_printf (ngettext ("The game is drawn after %d move each with no capture and no promotion.",
                                                          "The game is drawn after %d moves each with no capture and no promotion.",
                                                          v->quiet_limit / 2),
                                                v->quiet_limit / 2);
          add (text, s);
        }
      if (v->kings_only_limit > 0)
        {
          g_autofree char *s = g_strdup_printf (ngettext ("The game is drawn after %d move each in which only kings move and nothing is captured.",
                                                          "The game is drawn after %d moves each in which only kings move and nothing is captured.",
                                                          v->kings_only_limit / 2),
                                                v->kings_only_limit / 2);
          add (text, s);
        }
      switch (v->endgame)
        {
        case DAMA_ENDGAME_SPANISH:
          add (text, _("Three kings holding the main diagonal against a lone king must win "
                       "within 12 moves; two kings holding it with a man on its first square "
                       "against a king and a man (“saque de peón”) within 32 moves, unless a "
                       "man is crowned or captured; otherwise the game is drawn."));
          break;
        case DAMA_ENDGAME_RUSSIAN:
          add (text, _("Three or more kings against a lone king must win within 15 moves; "
                       "within 5 moves when the lone king holds the main road or has only "
                       "two pieces against it. With four or five pieces on the board the game "
                       "is drawn after 30 moves without a capture or promotion, with six or "
                       "seven after 60."));
          break;
        case DAMA_ENDGAME_POOL:
          add (text, _("Three kings against a lone king must win within 13 moves, or the game "
                       "is drawn."));
          break;
        case DAMA_ENDGAME_FMJD:
          add (text, _("Few pieces against a lone king must win within 16 moves (5 in the "
                       "simplest endings), or the game is drawn."));
          break;
        case DAMA_ENDGAME_NONE:
        default:
          break;
        }
      add (text, _("The same position three times with the same side to move is a draw; "
                   "players may also agree a draw."));
      break;

    case DAMA_RULES_N_SECTIONS:
    default:
      g_return_val_if_reached (g_string_free (text, TRUE));
    }
  return g_string_free (text, FALSE);
}

char *
dama_rules_help_uri (const DamaVariant *variant)
{
  g_return_val_if_fail (variant != NULL, NULL);
  /* Rules of one's own: the page on custom rules. */
  if (dama_variant_is_custom (variant))
    return g_strdup ("help:dama/rules-custom");
  if (dama_variant_find (variant->id) != variant)
    return g_strdup ("help:dama/rules");
  return g_strdup_printf ("help:dama/rules-%s", variant->id);
}

static void
open_help_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  DamaRulesWindow *self = DAMA_RULES_WINDOW (widget);
  g_autofree char *uri = dama_rules_help_uri (self->variant);

  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
}

static void
dama_rules_window_class_init (DamaRulesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dama/Dama/dama-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DamaRulesWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DamaRulesWindow, start_label);
  gtk_widget_class_bind_template_child (widget_class, DamaRulesWindow, moves_label);
  gtk_widget_class_bind_template_child (widget_class, DamaRulesWindow, kings_label);
  gtk_widget_class_bind_template_child (widget_class, DamaRulesWindow, end_label);

  gtk_widget_class_install_action (widget_class, "rules.open-help", NULL, open_help_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F1, 0, "rules.open-help", NULL);
}

static void
dama_rules_window_init (DamaRulesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
set_variant (DamaRulesWindow   *self,
             const DamaVariant *variant)
{
  GtkLabel *labels[DAMA_RULES_N_SECTIONS] = {
    self->start_label, self->moves_label, self->kings_label, self->end_label,
  };
  g_autofree char *title = NULL;

  self->variant = variant;
  /* Translators: the Rules window's title, "Rules of Czech" */
  title = g_strdup_printf (_("Rules: %s"), dama_variant_display_name (variant));
  gtk_window_set_title (GTK_WINDOW (self), title);
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, dama_variant_summary (variant));
  for (int i = 0; i < DAMA_RULES_N_SECTIONS; i++)
    {
      g_autofree char *text = dama_rules_describe (variant, (DamaRulesSection) i);

      gtk_label_set_label (labels[i], text);
    }
}

DamaRulesWindow *
dama_rules_window_new (GtkWindow         *parent,
                       const DamaVariant *variant)
{
  DamaRulesWindow *self;

  g_return_val_if_fail (variant != NULL, NULL);

  self = g_object_new (DAMA_TYPE_RULES_WINDOW, "transient-for", parent, NULL);
  set_variant (self, variant);
  return self;
}

const DamaVariant *
dama_rules_window_get_variant (DamaRulesWindow *self)
{
  g_return_val_if_fail (DAMA_IS_RULES_WINDOW (self), NULL);
  return self->variant;
}
