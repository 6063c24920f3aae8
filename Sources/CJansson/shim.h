#ifndef HYBRIDREPLAY_CJANSSON_SHIM_H
#define HYBRIDREPLAY_CJANSSON_SHIM_H

#include <jansson.h>

// Swift cannot import jansson's function-like macros, so these wrappers give
// them a callable form. Everything else is imported from jansson.h directly.

static inline json_type hr_json_typeof(const json_t *json) { return json_typeof(json); }
static inline void hr_json_decref(json_t *json) { json_decref(json); }
static inline size_t hr_flag_reject_duplicates(void) { return JSON_REJECT_DUPLICATES; }
static inline size_t hr_flag_disable_eof_check(void) { return JSON_DISABLE_EOF_CHECK; }
static inline size_t hr_flag_decode_any(void) { return JSON_DECODE_ANY; }
static inline size_t hr_flag_decode_int_as_real(void) { return JSON_DECODE_INT_AS_REAL; }
static inline size_t hr_flag_allow_nul(void) { return JSON_ALLOW_NUL; }

#endif
