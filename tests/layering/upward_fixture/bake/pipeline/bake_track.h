#pragma once

#include "formats/source/track_document.h"
#include "trackwright/drive/follower.h"
// planted: the bake includes the editor
#include "editor/document/editor_document.h"
