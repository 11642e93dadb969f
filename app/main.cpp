#include <cstdio>
int main() { std::puts("whygpu"); return 0; }
