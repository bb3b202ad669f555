#ifndef TW_SNIPPET_CONTEXT_C_H
#define TW_SNIPPET_CONTEXT_C_H

/* What README.md's C snippet assumes a game has: the .twbake bytes (any alignment; they are copied). */

#include <stdio.h>
#include <stdlib.h>

static const void* snippet_track_bytes(size_t* size) {
    static unsigned char* bytes = NULL;
    FILE* f = fopen(TRACKWRIGHT_SNIPPET_TRACK, "rb");
    *size = 0;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    const long length = ftell(f);
    fseek(f, 0, SEEK_SET);
    bytes = malloc(length > 0 ? (size_t)length : 1u);
    if (bytes) *size = fread(bytes, 1, (size_t)length, f);
    fclose(f);
    return bytes;
}

#endif
