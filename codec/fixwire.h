// fixwire.h: everything public in fixwire's codec, for users who prefer one
// include. Each header it includes documents its own contract; including a
// narrower header instead only shortens compile times.
#ifndef FIXWIRE_FIXWIRE_H_
#define FIXWIRE_FIXWIRE_H_

#include "fixwire/arena/arena.h"
#include "fixwire/arena/buffer_pool.h"
#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/dictionary_decode.h"
#include "fixwire/dictionary/dictionary_decoder.h"
#include "fixwire/dictionary/dictionary_loader.h"
#include "fixwire/dictionary/dictionary_set.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/dictionary/partial_group.h"
#include "fixwire/dictionary/validator.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/encode/message_copy.h"
#include "fixwire/encode/message_template.h"
#include "fixwire/simd/checksum.h"
#include "fixwire/simd/cpu_features.h"
#include "fixwire/simd/digits.h"
#include "fixwire/version.h"
#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/values/error.h"
#include "fixwire/values/field.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"
#include "fixwire/values/values.h"
#include "fixwire/wire/data_fields.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message.h"
#include "fixwire/wire/message_decoder.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/wire/partial_message.h"
#include "fixwire/wire/stream_framer.h"

#endif  // FIXWIRE_FIXWIRE_H_
