#version 330 core
// c = a + b, the way it was done before CUDA: the vectors live in RGBA32F textures, four
// numbers per texel (red, green, blue, alpha), and the output texture is "drawn". The GPU
// runs this program once per texel of c; each run reads its own texel of a and b and
// returns the sum as its "colour". texelFetch reads one texel exactly: no filtering.
uniform sampler2D a;
uniform sampler2D b;
out vec4 c;

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);  // which texel this fragment is: its pixel position
  c = texelFetch(a, texel, 0) + texelFetch(b, texel, 0);
}
