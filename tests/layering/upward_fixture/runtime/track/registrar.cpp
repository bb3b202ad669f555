#include "trackwright/track/registrar.h"
#include "runtime/track/registrar_detail.h"

#include <vector>
int table[3] = {1, 2, 3}; // brackets and ; on a line must not confuse the checker

// planted: the runtime includes the bake
#include "bake/pipeline/bake_track.h"
// planted: the runtime includes the source document
#include "formats/source/track_document.h"
// planted: track/ includes drive/, above it
#include "trackwright/drive/follower.h"
// planted: Qt in the runtime
#include <QString>
