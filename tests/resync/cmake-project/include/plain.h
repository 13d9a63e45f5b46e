#pragma once
// copied as it is: EXCLUDE
#define DEMO_PLAIN 1
