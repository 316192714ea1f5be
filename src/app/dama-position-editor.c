/* dama-position-editor.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-board-painter.h"
#include "dama-game.h"
#include "dama-position-editor.h"
#include "dama-theme-choice.h"

struct _DamaPositionEditor
{
  AdwWindow parent_instance;

  GtkDrawingArea *board_area;
  GtkToggleButton *white_man_button;
  GtkToggleButton *white_king_button;
  GtkToggleButton *black_man_button;
  GtkToggleButton *black_king_button;
  GtkToggleButton *erase_button;
  GtkToggleButton *white_side_button;
  GtkToggleButton *black_side_button;
  GtkEntry *fen_entry;
  GtkLabel *problem_label;
  GtkDropDown *white_player_dropdown;
  GtkDropDown *black_player_dropdown;
  GtkSpinButton *white_level_spin;
  GtkSpinButton *black_level_spin;

  const DamaVariant *variant;
  DamaPosition position;
  DamaBoardPainter painter;
  char *problem;
  gboolean updating;
  int last_square; /* clicked last, or -1 */
};

enum {
  PLAY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DamaPositionEditor, dama_position_editor, ADW_TYPE_WINDOW)

gboolean
dama_position_validate (const DamaVariant  *variant,
                        const DamaPosition *position,
                        char              **reason)
{
  guint most;
  char *why = NULL;

  g_return_val_if_fail (variant != NULL, FALSE);
  g_return_val_if_fail (position != NULL, FALSE);

  most = dama_position_max_pieces (variant);
  switch (dama_position_check (variant, position))
    {
    case DAMA_POSITION_OFF_BOARD:
      why = g_strdup (_("The position is not a position of this board."));
      break;
    case DAMA_POSITION_EMPTY:
      why = g_strdup (_("There are no pieces on the board."));
      break;
    case DAMA_POSITION_NO_WHITE:
      why = g_strdup (_("White has no pieces."));
      break;
    case DAMA_POSITION_NO_BLACK:
      why = g_strdup (_("Black has no pieces."));
      break;
    case DAMA_POSITION_WHITE_MAN_CROWNING_ROW:
      why = g_strdup (_("A white man stands on the row where it would be crowned."));
      break;
    case DAMA_POSITION_BLACK_MAN_CROWNING_ROW:
      why = g_strdup (_("A black man stands on the row where it would be crowned."));
      break;
    case DAMA_POSITION_TOO_MANY_WHITE:
      why = g_strdup_printf (_("White has too many pieces: at most %u."), most);
      break;
    case DAMA_POSITION_TOO_MANY_BLACK:
      why = g_strdup_printf (_("Black has too many pieces: at most %u."), most);
      break;
    case DAMA_POSITION_VALID:
    default:
      break;
    }

  if (reason != NULL)
    *reason = why;
  else
    g_free (why);
  return why == NULL;
}

static void
position_changed (DamaPositionEditor *self)
{
  char fen[DAMA_FEN_SIZE];

  g_clear_pointer (&self->problem, g_free);
  dama_position_validate (self->variant, &self->position, &self->problem);
  gtk_label_set_label (self->problem_label, self->problem != NULL ? self->problem : "");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.play", self->problem == NULL);

  self->updating = TRUE;
  gtk_toggle_button_set_active (self->position.side == DAMA_WHITE ? self->white_side_button
                                                                  : self->black_side_button,
                                TRUE);
  dama_fen_write (self->variant, &self->position, fen, sizeof fen);
  gtk_editable_set_text (GTK_EDITABLE (self->fen_entry), fen);
  gtk_widget_remove_css_class (GTK_WIDGET (self->fen_entry), "error");
  self->updating = FALSE;

  gtk_widget_queue_draw (GTK_WIDGET (self->board_area));
}

static void
draw_board (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  DamaPositionEditor *self = user_data;

  dama_board_painter_draw (&self->painter, cr, self->variant, &self->position, width, height);
}

static DamaEditorTool
current_tool (DamaPositionEditor *self)
{
  if (gtk_toggle_button_get_active (self->white_king_button))
    return DAMA_EDITOR_WHITE_KING;
  if (gtk_toggle_button_get_active (self->black_man_button))
    return DAMA_EDITOR_BLACK_MAN;
  if (gtk_toggle_button_get_active (self->black_king_button))
    return DAMA_EDITOR_BLACK_KING;
  if (gtk_toggle_button_get_active (self->erase_button))
    return DAMA_EDITOR_ERASE;
  return DAMA_EDITOR_WHITE_MAN;
}

static void
remove_piece (DamaPosition *p,
              DamaBits      bit)
{
  p->pieces[DAMA_WHITE] &= ~bit;
  p->pieces[DAMA_BLACK] &= ~bit;
  p->kings &= ~bit;
}

void
dama_position_editor_click (DamaPositionEditor *self,
                            int                 square)
{
  DamaEditorTool tool;
  DamaColor color;
  gboolean king;
  DamaBits bit;

  g_return_if_fail (DAMA_IS_POSITION_EDITOR (self));

  if (square < 0 || square >= 64 || !(self->variant->geometry->valid & ((DamaBits) 1 << square)))
    return;
  bit = (DamaBits) 1 << square;
  tool = current_tool (self);
  color = tool == DAMA_EDITOR_BLACK_MAN || tool == DAMA_EDITOR_BLACK_KING ? DAMA_BLACK : DAMA_WHITE;
  king = tool == DAMA_EDITOR_WHITE_KING || tool == DAMA_EDITOR_BLACK_KING;

  /* Clicking the same square again goes on to the next piece: white
   * man, white king, black man, black king, empty square; so any piece
   * can be set with clicks alone. */
  if (tool != DAMA_EDITOR_ERASE && square == self->last_square &&
      ((self->position.pieces[DAMA_WHITE] | self->position.pieces[DAMA_BLACK]) & bit))
    {
      int next = ((self->position.pieces[DAMA_BLACK] & bit) ? 2 : 0) +
                 ((self->position.kings & bit) ? 1 : 0) + 1;

      tool = next > DAMA_EDITOR_BLACK_KING ? DAMA_EDITOR_ERASE : (DamaEditorTool) next;
      color = tool == DAMA_EDITOR_BLACK_MAN || tool == DAMA_EDITOR_BLACK_KING ? DAMA_BLACK : DAMA_WHITE;
      king = tool == DAMA_EDITOR_WHITE_KING || tool == DAMA_EDITOR_BLACK_KING;
    }
  self->last_square = square;
  remove_piece (&self->position, bit);
  if (tool != DAMA_EDITOR_ERASE)
    {
      self->position.pieces[color] |= bit;
      if (king)
        self->position.kings |= bit;
    }
  position_changed (self);
}

static int
square_at (DamaPositionEditor *self,
           double              x,
           double              y)
{
  GtkWidget *area = GTK_WIDGET (self->board_area);
  DamaBoardLayout layout;

  dama_board_painter_layout (&self->painter, self->variant, gtk_widget_get_width (area),
                             gtk_widget_get_height (area), &layout);
  return dama_board_painter_square_at (&self->painter, self->variant, &layout, x, y);
}

static void
on_pressed (GtkGestureClick    *gesture,
            int                 n_press,
            double              x,
            double              y,
            DamaPositionEditor *self)
{
  int square = square_at (self, x, y);

  if (square < 0)
    return;
  if (gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture)) == GDK_BUTTON_SECONDARY)
    {
      remove_piece (&self->position, (DamaBits) 1 << square);
      self->last_square = -1;
      position_changed (self);
    }
  else
    dama_position_editor_click (self, square);
}

/* A new tool starts afresh on any square. */
static void
on_tool_toggled (DamaPositionEditor *self)
{
  self->last_square = -1;
}

static void
on_side_toggled (DamaPositionEditor *self)
{
  if (self->updating)
    return;
  dama_position_editor_set_side (self, gtk_toggle_button_get_active (self->black_side_button)
                                       ? DAMA_BLACK : DAMA_WHITE);
}

gboolean
dama_position_editor_set_fen (DamaPositionEditor  *self,
                              const char          *fen,
                              GError             **error)
{
  DamaPosition position;
  DamaError parse_error;
  g_autofree char *text = NULL;

  g_return_val_if_fail (DAMA_IS_POSITION_EDITOR (self), FALSE);
  g_return_val_if_fail (fen != NULL, FALSE);

  text = g_strstrip (g_strdup (fen));
  if (!dama_fen_parse (self->variant, text, &position, &parse_error))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s", parse_error.message);
      return FALSE;
    }
  self->position = position;
  position_changed (self);
  return TRUE;
}

static void
on_fen_entered (DamaPositionEditor *self)
{
  g_autoptr(GError) error = NULL;

  if (!dama_position_editor_set_fen (self, gtk_editable_get_text (GTK_EDITABLE (self->fen_entry)),
                                     &error))
    {
      g_autofree char *message = g_strdup_printf (_("This FEN cannot be read: %s"), error->message);

      gtk_widget_add_css_class (GTK_WIDGET (self->fen_entry), "error");
      gtk_label_set_label (self->problem_label, message);
    }
}

static void
clear_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  dama_position_editor_clear (DAMA_POSITION_EDITOR (widget));
}

static void
reset_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  dama_position_editor_reset (DAMA_POSITION_EDITOR (widget));
}

static void
play_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  dama_position_editor_play (DAMA_POSITION_EDITOR (widget));
}

static void
dama_position_editor_finalize (GObject *object)
{
  DamaPositionEditor *self = DAMA_POSITION_EDITOR (object);

  g_clear_pointer (&self->problem, g_free);

  G_OBJECT_CLASS (dama_position_editor_parent_class)->finalize (object);
}

static void
dama_position_editor_class_init (DamaPositionEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dama_position_editor_finalize;

  /**
   * DamaPositionEditor::play:
   *
   * The player chose to play from the position, which is valid.
   */
  signals[PLAY] = g_signal_new ("play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dama/Dama/dama-position-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, board_area);
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, white_man_button);
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, white_king_button);
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, black_man_button);
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, black_king_button);
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, erase_button);
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, white_side_button);
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, black_side_button);
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, fen_entry);
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, problem_label);
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, white_player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, black_player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, white_level_spin);
  gtk_widget_class_bind_template_child (widget_class, DamaPositionEditor, black_level_spin);

  gtk_widget_class_install_action (widget_class, "editor.clear", NULL, clear_activated);
  gtk_widget_class_install_action (widget_class, "editor.reset", NULL, reset_activated);
  gtk_widget_class_install_action (widget_class, "editor.play", NULL, play_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

/* Each computer side has its strength beside it; a person has none. */
static void
on_players_changed (DamaPositionEditor *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->white_level_spin),
                          gtk_drop_down_get_selected (self->white_player_dropdown) == 1);
  gtk_widget_set_visible (GTK_WIDGET (self->black_level_spin),
                          gtk_drop_down_get_selected (self->black_player_dropdown) == 1);
}

static void
dama_position_editor_init (DamaPositionEditor *self)
{
  GtkGesture *click;
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *theme = NULL;
  g_autofree char *pieces = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->last_square = -1;
  dama_board_painter_init (&self->painter);
  settings = g_settings_new (APPLICATION_ID);
  theme = dama_theme_choice_current (settings);
  pieces = g_settings_get_string (settings, "piece-set");
  dama_board_theme_from_id (theme, &self->painter.theme);
  dama_piece_set_from_id (pieces, &self->painter.pieces);
  self->painter.coordinates = TRUE;

  gtk_drawing_area_set_draw_func (self->board_area, draw_board, self, NULL);
  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board_area), GTK_EVENT_CONTROLLER (click));

  g_signal_connect_swapped (self->white_side_button, "toggled", G_CALLBACK (on_side_toggled), self);
  g_signal_connect_swapped (self->white_man_button, "toggled", G_CALLBACK (on_tool_toggled), self);
  g_signal_connect_swapped (self->white_king_button, "toggled", G_CALLBACK (on_tool_toggled), self);
  g_signal_connect_swapped (self->black_man_button, "toggled", G_CALLBACK (on_tool_toggled), self);
  g_signal_connect_swapped (self->black_king_button, "toggled", G_CALLBACK (on_tool_toggled), self);
  g_signal_connect_swapped (self->erase_button, "toggled", G_CALLBACK (on_tool_toggled), self);
  g_signal_connect_swapped (self->fen_entry, "activate", G_CALLBACK (on_fen_entered), self);
  g_signal_connect_swapped (self->fen_entry, "icon-press", G_CALLBACK (on_fen_entered), self);
  g_signal_connect_swapped (self->white_player_dropdown, "notify::selected",
                            G_CALLBACK (on_players_changed), self);
  g_signal_connect_swapped (self->black_player_dropdown, "notify::selected",
                            G_CALLBACK (on_players_changed), self);
  /* The strengths last chosen in New Game, as it proposes them. */
  {
    int levels[2];
    int preferred = g_settings_get_int (settings, "computer-level");

    g_settings_get (settings, "computer-levels", "(ii)", &levels[DAMA_WHITE], &levels[DAMA_BLACK]);
    gtk_spin_button_set_value (self->white_level_spin,
                               levels[DAMA_WHITE] >= 1 ? levels[DAMA_WHITE] : preferred);
    gtk_spin_button_set_value (self->black_level_spin,
                               levels[DAMA_BLACK] >= 1 ? levels[DAMA_BLACK] : preferred);
  }
  on_players_changed (self);
}

DamaPositionEditor *
dama_position_editor_new (GtkWindow          *parent,
                          const DamaVariant  *variant,
                          const DamaPosition *position)
{
  DamaPositionEditor *self;

  g_return_val_if_fail (variant != NULL, NULL);

  self = g_object_new (DAMA_TYPE_POSITION_EDITOR, "transient-for", parent, NULL);
  self->variant = variant;
  if (position != NULL)
    self->position = *position;
  else
    dama_position_start (&self->position, variant);
  position_changed (self);
  return self;
}

const DamaVariant *
dama_position_editor_get_variant (DamaPositionEditor *self)
{
  g_return_val_if_fail (DAMA_IS_POSITION_EDITOR (self), NULL);
  return self->variant;
}

const DamaPosition *
dama_position_editor_get_position (DamaPositionEditor *self)
{
  g_return_val_if_fail (DAMA_IS_POSITION_EDITOR (self), NULL);
  return &self->position;
}

void
dama_position_editor_set_position (DamaPositionEditor *self,
                                   const DamaPosition *position)
{
  g_return_if_fail (DAMA_IS_POSITION_EDITOR (self));
  g_return_if_fail (position != NULL);

  self->position = *position;
  position_changed (self);
}

void
dama_position_editor_set_tool (DamaPositionEditor *self,
                               DamaEditorTool      tool)
{
  GtkToggleButton *buttons[] = {
    self->white_man_button, self->white_king_button, self->black_man_button,
    self->black_king_button, self->erase_button,
  };

  g_return_if_fail (DAMA_IS_POSITION_EDITOR (self));
  g_return_if_fail ((guint) tool < G_N_ELEMENTS (buttons));

  gtk_toggle_button_set_active (buttons[tool], TRUE);
}

void
dama_position_editor_set_side (DamaPositionEditor *self,
                               DamaColor           side)
{
  g_return_if_fail (DAMA_IS_POSITION_EDITOR (self));

  self->position.side = side;
  position_changed (self);
}

void
dama_position_editor_clear (DamaPositionEditor *self)
{
  g_return_if_fail (DAMA_IS_POSITION_EDITOR (self));

  self->position.pieces[DAMA_WHITE] = 0;
  self->position.pieces[DAMA_BLACK] = 0;
  self->position.kings = 0;
  position_changed (self);
}

void
dama_position_editor_reset (DamaPositionEditor *self)
{
  g_return_if_fail (DAMA_IS_POSITION_EDITOR (self));

  dama_position_start (&self->position, self->variant);
  position_changed (self);
}

const char *
dama_position_editor_get_problem (DamaPositionEditor *self)
{
  g_return_val_if_fail (DAMA_IS_POSITION_EDITOR (self), NULL);
  return self->problem;
}

void
dama_position_editor_play (DamaPositionEditor *self)
{
  g_return_if_fail (DAMA_IS_POSITION_EDITOR (self));

  if (self->problem != NULL)
    return;
  g_signal_emit (self, signals[PLAY], 0);
  gtk_window_close (GTK_WINDOW (self));
}

void
dama_position_editor_set_players (DamaPositionEditor *self,
                                  int                 white_player,
                                  int                 black_player)
{
  g_return_if_fail (DAMA_IS_POSITION_EDITOR (self));

  if (white_player != DAMA_PLAYER_PERSON)
    gtk_spin_button_set_value (self->white_level_spin, white_player);
  if (black_player != DAMA_PLAYER_PERSON)
    gtk_spin_button_set_value (self->black_level_spin, black_player);
  gtk_drop_down_set_selected (self->white_player_dropdown, white_player == DAMA_PLAYER_PERSON ? 0 : 1);
  gtk_drop_down_set_selected (self->black_player_dropdown, black_player == DAMA_PLAYER_PERSON ? 0 : 1);
  on_players_changed (self);
}

int
dama_position_editor_get_player (DamaPositionEditor *self,
                                 DamaColor           side)
{
  GtkDropDown *dropdown;

  g_return_val_if_fail (DAMA_IS_POSITION_EDITOR (self), DAMA_PLAYER_PERSON);

  dropdown = side == DAMA_WHITE ? self->white_player_dropdown : self->black_player_dropdown;
  if (gtk_drop_down_get_selected (dropdown) == 0)
    return DAMA_PLAYER_PERSON;
  return gtk_spin_button_get_value_as_int (side == DAMA_WHITE ? self->white_level_spin
                                                              : self->black_level_spin);
}
