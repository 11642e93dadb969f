#pragma once
// What the projector shows of a class session: the join screen, and in place of a
// @predict's box the class's vote (how many answered, then the histograms of both rounds
// with the measurement across them). Drawing only: what a button asks for comes back.
// Text from lessons goes through "%s" or TextUnformatted, never as a format.
#include <string>

#include "app/classroom/class_session.h"
#include "app/classroom/qr_code.h"
#include "app/panels/panel.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app {

enum class ClassButton { none, reveal, vote_again, show_answer, back_to_lesson, end_session };

ClassButton draw_join_screen(const ClassSession& session, const QrCode& qr, int students, const Fonts& fonts);

// `answer_shown`: the question is settled (app/classroom/classroom.h); until then nothing
// on the projector gives the answer away. `measured`: the panel's result once it has one
// (null before), `right`: the right choice's index or -1 (numbers, or not known yet).
// The histograms shrink so that the whole card fits in `visible_height`, given
// *rest_height, the height of the rest of the card when last drawn (0 at first); it is
// measured again.
ClassButton draw_class_vote(const ClassView& view, const Prediction& prediction, bool answer_shown,
                            const PanelResult* measured, int right, const Fonts& fonts, float width,
                            float visible_height, float* rest_height);

}  // namespace whygpu::app
