#version 330 core
// The vertex half of every "draw to compute" pass: one triangle whose corners are
// (-1,-1), (3,-1) and (-1,3) covers the whole viewport, so each pixel of the render target
// gets exactly one fragment. No vertex buffer: the corners come from gl_VertexID.
void main() {
  vec2 corner = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
