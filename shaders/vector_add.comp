#version 430
// c = a + b in an OpenGL 4.3 compute shader: no textures and no drawing, but buffers
// (SSBOs) and one invocation per element, 256 to a work group, just like a CUDA kernel
// with 256 threads per block. The groups may be laid out in two dimensions, since one
// dispatch allows only 65535 groups along x; `count` is the number of elements.
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer A { float a[]; };
layout(std430, binding = 1) readonly buffer B { float b[]; };
layout(std430, binding = 2) writeonly buffer C { float c[]; };
uniform uint count;

void main() {
  uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
  uint i = group * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
  if (i < count) c[i] = a[i] + b[i];  // the bounds check: the last group overhangs
}
