#pragma once
// The dense layer drawn as CNN Explainer draws one: W, x, b and y as grids of coloured
// cells (the top-left corner of each when the layer is large), with one thread's work
// outlined: row r of W against sample s of x, plus b[r], through the sigmoid into y[s][r].
#include "compute/dense_layer/dense_bench.h"

namespace whygpu::app {

struct DensePictureFocus {
  int row = 0;     // the thread's output r
  int sample = 0;  // and its sample s
};

// Draws at the ImGui cursor within `width` pixels; returns the focus under the mouse (a
// row of W or a cell of y), or the one given when the mouse is elsewhere.
DensePictureFocus draw_dense_picture(const dense_layer::DenseSizes& sizes, DensePictureFocus focus, float width,
                                     float scale);

// Rows, columns and samples the picture shows of a layer of these sizes.
int picture_rows(const dense_layer::DenseSizes& sizes);
int picture_columns(const dense_layer::DenseSizes& sizes);
int picture_samples(const dense_layer::DenseSizes& sizes);

}  // namespace whygpu::app
