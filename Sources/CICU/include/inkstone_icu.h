#ifndef INKSTONE_ICU_H
#define INKSTONE_ICU_H
/*
 * ICU, hidden: this header exposes no ICU type (see README, "Layout").
 *
 * Only plain C types cross this boundary, so Swift modules that also import
 * Foundation (which carries its own, newer ICU) never see two definitions of
 * ICU's types. The .c files include the system ICU headers and call the
 * unversioned names, which ICU's own macros rename (ubrk_open -> ubrk_open_72).
 *
 * Offsets are UTF-16 code units from the start of the text.
 */
#include <stdint.h>

/** The ICU version this was built against, e.g. "72.1". */
const char *inkstone_icu_version(void);

/** The Unicode version of ICU's character data, e.g. "15.0". */
const char *inkstone_unicode_version(void);

/* MARK: Chunked text */

/**
 * Hands out the chunk of UTF-16 code units containing `utf16_offset`.
 *
 * For `utf16_offset == length` it returns the last chunk; for an empty text, an
 * empty chunk starting at 0. The chunk's memory must not move or be freed until
 * the text is re-set on the breaker (`inkstone_breaker_set_text`).
 *
 * @param context      the pointer given to `inkstone_breaker_set_text`
 * @param utf16_offset the offset the chunk must contain
 * @param units        out: the chunk's first code unit (may be NULL when empty)
 * @param chunk_start  out: offset of the chunk's first unit in the text
 * @param chunk_length out: number of code units in the chunk
 * @return nonzero on success, 0 when no chunk could be produced
 */
typedef int32_t (*inkstone_chunk_fn)(void *context, int64_t utf16_offset, const uint16_t **units,
                                     int64_t *chunk_start, int64_t *chunk_length);

/* MARK: Break iterators */

/** The kind of boundaries a breaker finds (same values as ICU's UBreakIteratorType). */
enum {
    INKSTONE_BREAK_CHARACTER = 0, /**< extended grapheme clusters */
    INKSTONE_BREAK_WORD = 1,      /**< UAX #29 words, dictionary-based for CJK/Thai */
    INKSTONE_BREAK_LINE = 2,      /**< UAX #14 line-break opportunities */
    INKSTONE_BREAK_SENTENCE = 3,  /**< UAX #29 sentences */
};

/** Word rule-status ranges (same values as ICU's UWordBreak). */
enum {
    INKSTONE_WORD_NONE = 0,      /**< spaces, punctuation, symbols: 0..99 */
    INKSTONE_WORD_NUMBER = 100,  /**< numbers: 100..199 */
    INKSTONE_WORD_LETTER = 200,  /**< letters: 200..299 */
    INKSTONE_WORD_KANA = 300,    /**< kana: 300..399 */
    INKSTONE_WORD_IDEO = 400,    /**< ideographs: 400..499 */
    INKSTONE_WORD_IDEO_LIMIT = 500,
};

/** A break iterator over a chunked text; opaque. Not thread-safe. */
typedef struct inkstone_breaker inkstone_breaker;

/**
 * Opens a breaker of `kind` (INKSTONE_BREAK_*) for `locale` ("" for root).
 * Returns NULL on failure. The breaker starts over an empty text.
 */
inkstone_breaker *inkstone_breaker_open(int32_t kind, const char *locale);

/** Closes a breaker; NULL is ignored. */
void inkstone_breaker_close(inkstone_breaker *breaker);

/**
 * Points the breaker at a text of `utf16_length` units served by `chunk_fn`.
 * Cheap (no text is read); call it again after every mutation of the text, since
 * the breaker keeps chunk pointers. Returns 0 on success, -1 on failure
 * (NULL breaker or function, negative length, length above INT32_MAX).
 */
int32_t inkstone_breaker_set_text(inkstone_breaker *breaker, inkstone_chunk_fn chunk_fn, void *context,
                                  int64_t utf16_length);

/** The first boundary after `utf16_offset`, or -1 when there is none. */
int32_t inkstone_breaker_following(inkstone_breaker *breaker, int32_t utf16_offset);

/** The last boundary before `utf16_offset`, or -1 when there is none. */
int32_t inkstone_breaker_preceding(inkstone_breaker *breaker, int32_t utf16_offset);

/** Nonzero when `utf16_offset` is a boundary (0 and the text length always are). */
int32_t inkstone_breaker_is_boundary(inkstone_breaker *breaker, int32_t utf16_offset);

/**
 * The rule status of the segment that ends at the breaker's current boundary
 * (the one last returned by following/preceding/is_boundary). For word breakers
 * see INKSTONE_WORD_*; other kinds return their ICU tags.
 */
int32_t inkstone_breaker_rule_status(inkstone_breaker *breaker);

/** How many times the breaker's text asked `chunk_fn` for a chunk since set_text. */
int64_t inkstone_breaker_chunk_requests(const inkstone_breaker *breaker);

/* MARK: Character properties */

/** East Asian Width: 0 N, 1 A, 2 H, 3 F, 4 Na, 5 W (ICU's UEastAsianWidth). */
int32_t inkstone_east_asian_width(uint32_t scalar);

/** General category, ICU's UCharCategory numbering (0 Cn, 1 Lu, ... 6 Mn, 7 Me, 8 Mc, 15 Cc, 16 Cf, ...). */
int32_t inkstone_general_category(uint32_t scalar);

/** Bits returned by `inkstone_scalar_flags`. */
enum {
    INKSTONE_SCALAR_EMOJI = 1 << 0,                  /**< Emoji */
    INKSTONE_SCALAR_EMOJI_PRESENTATION = 1 << 1,     /**< Emoji_Presentation */
    INKSTONE_SCALAR_EXTENDED_PICTOGRAPHIC = 1 << 2,  /**< Extended_Pictographic */
    INKSTONE_SCALAR_DEFAULT_IGNORABLE = 1 << 3,      /**< Default_Ignorable_Code_Point */
    INKSTONE_SCALAR_NONSPACING_MARK = 1 << 4,        /**< general category Mn or Me */
    INKSTONE_SCALAR_CONTROL = 1 << 5,                /**< general category Cc */
    INKSTONE_SCALAR_FORMAT = 1 << 6,                 /**< general category Cf */
    INKSTONE_SCALAR_REGIONAL_INDICATOR = 1 << 7,     /**< Regional_Indicator */
    INKSTONE_SCALAR_HANGUL_JAMO_VT = 1 << 8,         /**< Hangul_Syllable_Type V or T (conjoining, no own cell) */
    INKSTONE_SCALAR_ZERO_WIDTH = 1 << 9,             /**< takes no cell: Mn, Me, Cc, default-ignorable, Hangul V/T, or Cf except prepended visible signs */
};

/** The INKSTONE_SCALAR_* properties of `scalar`, or'ed together. */
uint32_t inkstone_scalar_flags(uint32_t scalar);


/* MARK: Transliteration */

/** An ICU transliterator (e.g. "Hiragana-Katakana", "Hant-Hans", "Fullwidth-Halfwidth"); opaque. Not thread-safe. */
typedef struct inkstone_transliterator inkstone_transliterator;

/** Opens the transliterator with ICU id `id` (UTF-8). Returns NULL when ICU does not know the id. */
inkstone_transliterator *inkstone_transliterator_open(const char *id);

/** Closes a transliterator; NULL is ignored. */
void inkstone_transliterator_close(inkstone_transliterator *transliterator);

/**
 * Transliterates `length` UTF-16 code units at `units` in place. `capacity` is the
 * room at `units`, in code units. Returns the new length, or -1 on failure
 * (the result would not fit in `capacity`, or ICU reported an error).
 */
int32_t inkstone_transliterate(inkstone_transliterator *transliterator, uint16_t *units, int32_t length,
                               int32_t capacity);

/* MARK: Character names */

/**
 * Writes the Unicode name of `scalar` ("GREEK SMALL LETTER ALPHA"), NUL-terminated, into
 * `buffer` of `capacity` bytes. Returns the name's length (0: the scalar has no name,
 * e.g. a control or unassigned code point), or -1 when the buffer is too small or the
 * scalar is beyond U+10FFFF.
 */
int32_t inkstone_char_name(uint32_t scalar, char *buffer, int32_t capacity);

/**
 * The scalar whose Unicode name is `name` (ASCII, NUL-terminated; ICU matches it without
 * regard to case), or -1 when no character has that name.
 */
int64_t inkstone_char_from_name(const char *name);


/* MARK: Regular expressions */

/** A compiled ICU regular expression; opaque. Not thread-safe. */
typedef struct inkstone_regex inkstone_regex;

/**
 * Compiles `pattern` (UTF-16, `length` units) with ICU's regex syntax.
 * Returns NULL when ICU refuses it; then, when `error` is not NULL, writes a
 * NUL-terminated reason (ICU's error name and the offending offset) into
 * `error` (`error_capacity` bytes).
 */
inkstone_regex *inkstone_regex_open(const uint16_t *pattern, int32_t length, char *error, int32_t error_capacity);

/** Closes a regex; NULL is ignored. */
void inkstone_regex_close(inkstone_regex *regex);

/**
 * Finds the non-overlapping matches of `regex` in `units` (`length` UTF-16
 * units), left to right, writing each match's start and end offsets into
 * `ranges` (2 entries per match, at most `max_matches` matches). Empty
 * matches are skipped. `time_limit` bounds ICU's match engine (its steps,
 * see uregex_setTimeLimit; 0: none). Returns the number of matches written, or
 * -1 when ICU fails (e.g. the time limit was hit).
 */
int32_t inkstone_regex_find_all(inkstone_regex *regex, const uint16_t *units, int32_t length, int32_t *ranges,
                                int32_t max_matches, int32_t time_limit);

#endif
