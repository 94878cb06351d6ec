#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H
// libFuzzer's entry points (compiler-rt's FuzzerInterface.h), which `-sanitize=fuzzer` links in.
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line `argc`/`argv` on `callback`, as its own main does.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
