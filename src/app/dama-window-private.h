/* dama-window-private.h: what the files of DamaWindow share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dama-analysis-pane.h"
#include "dama-board-column-layout.h"
#include "dama-captured-view.h"
#include "dama-engine.h"
#include "dama-eval-bar.h"
#include "dama-eval-graph.h"
#include "dama-game-files.h"
#include "dama-game-header.h"
#include "dama-match.h"
#include "dama-move-list-model.h"
#include "dama-move-list-view.h"
#include "dama-player-row.h"
#include "dama-sound-player.h"
#include "dama-window.h"

G_BEGIN_DECLS

struct _DamaWindow
{
  AdwApplicationWindow parent_instance;

  AdwToastOverlay *toasts;
  GtkRevealer *notice_revealer;
  GtkLabel *notice_label;
  GtkWidget *notice_save_button;
  GtkWidget *notice_close_button;
  GtkRevealer *reading_revealer;
  GtkLabel *reading_label;
  GtkProgressBar *reading_progress;
  AdwWindowTitle *window_title;
  GtkScrolledWindow *content_scroller;
  GtkBox *content_box;
  GtkWidget *board_column;
  DamaBoardColumnLayout *board_layout;
  DamaBoardView *board_view;
  GtkBox *side_pane;
  GtkScrolledWindow *side_scroller;
  GtkMenuButton *primary_menu_button;
  GtkMenuButton *game_menu_button;
  GMenuModel *primary_menu;
  GMenuModel *game_menu;
  GtkWidget *side_column;
  DamaMoveListView *move_list;
  DamaCapturedView *captured_area;
  GtkLabel *material_label;
  GtkLabel *status_label;
  GtkStack *side_stack;
  AdwBin *analysis_holder;
  DamaAnalysisPane *analysis_pane;  /* NULL until first needed */
  GSimpleAction *analysis_action;
  /* The review of the game the pane follows, whichever it is. */
  GSignalGroup *review_signals;
  DamaEvalBar *eval_bar;
  DamaEvalGraph *eval_graph;
  GtkRevealer *end_banner;
  DamaPlayerRow *top_row;
  DamaPlayerRow *bottom_row;
  DamaGameHeader *game_header;
  GtkLabel *end_label;

  GSettings *settings;
  DamaGame *game;
  DamaMatch *match;
  DamaMoveListModel *moves;
  DamaEngine *engine;
  DamaSoundPlayer *sounds;
  DamaGameFiles *files;
  GCancellable *hint_cancellable;
  GtkNativeDialog *chooser;   /* the image export's */
  guint layout_idle;
  char *status;
  char *notice;         /* about the saved game, until dismissed */
  guint toast_timeout;  /* seconds; 0: until dismissed */
  AdwToast *toast;      /* the one shown, until dismissed */
};

/* dama-window-actions.c: the actions (win.*) and their keys, and the
 * questions and answers of a draw offer. */
void dama_window_class_init_actions   (GtkWidgetClass *widget_class);
void dama_window_on_draw_offered      (DamaWindow     *self,
                                       DamaColor       side,
                                       DamaMatch      *match);
void dama_window_on_draw_answered     (DamaWindow     *self,
                                       gboolean        accepted,
                                       DamaMatch      *match);

/* dama-window-messages.c: toasts, the banner about the saved game and
 * the progress of a file being read. */
void dama_window_class_init_messages  (GtkWidgetClass *widget_class);
void dama_window_update_notice        (DamaWindow     *self);
void dama_window_show_toast           (DamaWindow     *self,
                                       const char     *message);
void dama_window_show_toast_with_undo (DamaWindow     *self,
                                       const char     *message);
void dama_window_on_sound_error       (DamaWindow     *self);
void dama_window_on_previewing        (DamaWindow     *self);
void dama_window_on_external_failed   (DamaEngine     *engine,
                                       const char     *command,
                                       const char     *detail,
                                       DamaWindow     *self);
void dama_window_on_files_message     (DamaWindow     *self,
                                       const char     *text,
                                       DamaGameFiles  *files);
void dama_window_on_reading_changed   (DamaWindow     *self,
                                       GParamSpec     *pspec,
                                       DamaGameFiles  *files);

/* dama-window-layout.c: wide, the side pane beside the board; narrow,
 * below it. */
void dama_window_class_init_layout    (GtkWidgetClass *widget_class);
void dama_window_init_layout          (DamaWindow     *self);

/* dama-window-analysis.c: the analysis tab, its pane made the first
 * time the tab is shown, analysis is switched on or a review starts,
 * then given the game and the board, the evaluation bar and graph bound
 * to it; and the toggles of its arrows (taken out again when the window
 * goes). */
void              dama_window_set_up_analysis        (DamaWindow *self);
DamaAnalysisPane *dama_window_ensure_analysis_pane   (DamaWindow *self);
/* The line previewed on the board, said in a sentence, or NULL. */
const char       *dama_window_get_preview_banner     (DamaWindow *self);
void              dama_window_remove_setting_toggles (DamaWindow *self);
void              dama_window_dispose_analysis       (DamaWindow *self);
void              dama_window_finish_analysis        (DamaWindow *self);

G_END_DECLS
