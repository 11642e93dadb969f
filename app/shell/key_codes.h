#pragma once
// The native key codes of the keys ImGui 1.86 has no name for (F9, F11, =, -, 0, F): its
// GLFW back end fills io.KeysDown by GLFW's codes, so these are GLFW's values. A headless
// run has no keyboard and never sees them.
namespace whygpu::app::keys {

inline constexpr int kZero = 48;        // GLFW_KEY_0
inline constexpr int kMinus = 45;       // GLFW_KEY_MINUS
inline constexpr int kEqual = 61;       // GLFW_KEY_EQUAL (the + key without Shift)
inline constexpr int kF = 70;           // GLFW_KEY_F
inline constexpr int kF9 = 298;         // GLFW_KEY_F9
inline constexpr int kP = 80;           // GLFW_KEY_P
inline constexpr int kF11 = 300;        // GLFW_KEY_F11
inline constexpr int kKeypad0 = 320;    // GLFW_KEY_KP_0
inline constexpr int kKeypadMinus = 333;  // GLFW_KEY_KP_SUBTRACT
inline constexpr int kKeypadPlus = 334;   // GLFW_KEY_KP_ADD

}  // namespace whygpu::app::keys
