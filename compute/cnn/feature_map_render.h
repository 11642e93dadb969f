#pragma once
// Pictures of feature maps (or conv filters): a grid of small images, one per channel,
// colour-mapped into RGBA8. The GPU version reads the maps from device memory and writes
// into a device pointer the caller owns, e.g. a GL pixel buffer the app has mapped
// through CUDA-GL interop (cudaGraphicsMapResources + cudaGraphicsResourceGetMappedPointer),
// so the activations never travel to the host. The CPU version draws the same picture
// from host memory (for the CPU trainer's activations); both share one pixel function.
//
// Picture layout: `columns` maps per row, each map pixel drawn as scale x scale pixels,
// `gap` background pixels between neighbouring maps (none around the outside); the
// top row of the picture comes first in memory, one uint32 per pixel with red in the
// lowest byte (bytes R, G, B, A: GL_RGBA with GL_UNSIGNED_BYTE).
#include <cstdint>

#include "compute/cnn/model.h"
#include "compute/core/status.h"

namespace whygpu::cnn {

enum class ColourMap {
  kGrey,       // black (low) to white (high)
  kViridis,    // dark blue through green to yellow: activations
  kDiverging,  // blue (negative), white (zero), red (positive): weights
};

enum class Normalization {
  kPerMap,    // each map stretched over its own range: shows every map's pattern
  kPerLayer,  // one range for all maps: shows which maps respond most
};

struct FeatureMapLayout {
  int channels = 1;
  int map_height = 1;
  int map_width = 1;
  int columns = 8;
  int scale = 4;
  int gap = 2;

  int rows() const { return (channels + columns - 1) / columns; }
  int width() const { return columns * (map_width * scale + gap) - gap; }
  int height() const { return rows() * (map_height * scale + gap) - gap; }
};

struct FeatureMapStyle {
  ColourMap colour_map = ColourMap::kViridis;
  Normalization normalization = Normalization::kPerMap;
  std::uint32_t background = 0xFF303030u;  // opaque dark grey
};

// A layout for one of the network's layers (columns clamped to its channel count).
FeatureMapLayout feature_map_layout(const LayerShape& shape, int columns, int scale, int gap);

// Positive sizes, a picture at most 16384 pixels on a side.
Status check_feature_map_layout(const FeatureMapLayout& layout);

// maps: channels x map_height x map_width floats. rgba: height() rows of pitch_pixels
// (>= width()) pixels. Every pixel of the width() x height() picture is written.
Status render_feature_maps_cpu(const float* maps, const FeatureMapLayout& layout, const FeatureMapStyle& style,
                               std::uint32_t* rgba, int pitch_pixels);

// The same with device pointers, enqueued on cuda_stream (a cudaStream_t; null for the
// default stream). Returns after enqueueing; synchronise or order the stream before
// the picture is used (e.g. before cudaGraphicsUnmapResources on that stream).
Status render_feature_maps_gpu(const float* device_maps, const FeatureMapLayout& layout,
                               const FeatureMapStyle& style, std::uint32_t* device_rgba, int pitch_pixels,
                               void* cuda_stream);

// Waits until every picture enqueued on cuda_stream is drawn: the stream does not order
// itself with the one that unmaps an interop buffer, so this comes before the unmap.
Status finish_feature_maps(void* cuda_stream);

}  // namespace whygpu::cnn
