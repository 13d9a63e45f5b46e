#pragma once
// host and device helpers shared by every directory
#define DEMO_BLOCK 128
static inline int demo_blocks(int n) { return (n + DEMO_BLOCK - 1) / DEMO_BLOCK; }
