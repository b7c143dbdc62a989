/* Character properties for cell-width layout, from ICU's Unicode data. */
#include "inkstone_icu.h"
#include <unicode/uchar.h>

_Static_assert(U_EA_NEUTRAL == 0 && U_EA_AMBIGUOUS == 1 && U_EA_HALFWIDTH == 2 && U_EA_FULLWIDTH == 3 &&
                   U_EA_NARROW == 4 && U_EA_WIDE == 5,
               "East Asian Width values are passed through unchanged");

static UChar32 code_point(uint32_t scalar) { return scalar > 0x10FFFF ? 0xFFFD : (UChar32)scalar; }

int32_t inkstone_east_asian_width(uint32_t scalar) {
    return u_getIntPropertyValue(code_point(scalar), UCHAR_EAST_ASIAN_WIDTH);
}

int32_t inkstone_general_category(uint32_t scalar) { return (int32_t)u_charType(code_point(scalar)); }

uint32_t inkstone_scalar_flags(uint32_t scalar) {
    UChar32 c = code_point(scalar);
    uint32_t flags = 0;
    if (u_hasBinaryProperty(c, UCHAR_EMOJI)) flags |= INKSTONE_SCALAR_EMOJI;
    if (u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION)) flags |= INKSTONE_SCALAR_EMOJI_PRESENTATION;
    if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) flags |= INKSTONE_SCALAR_EXTENDED_PICTOGRAPHIC;
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) flags |= INKSTONE_SCALAR_DEFAULT_IGNORABLE;
    if (u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR)) flags |= INKSTONE_SCALAR_REGIONAL_INDICATOR;
    int8_t category = u_charType(c);
    if (category == U_NON_SPACING_MARK || category == U_ENCLOSING_MARK) flags |= INKSTONE_SCALAR_NONSPACING_MARK;
    if (category == U_CONTROL_CHAR) flags |= INKSTONE_SCALAR_CONTROL;
    if (category == U_FORMAT_CHAR) flags |= INKSTONE_SCALAR_FORMAT;
    int32_t syllable = u_getIntPropertyValue(c, UCHAR_HANGUL_SYLLABLE_TYPE);
    if (syllable == U_HST_VOWEL_JAMO || syllable == U_HST_TRAILING_JAMO) flags |= INKSTONE_SCALAR_HANGUL_JAMO_VT;
    /* Prepended format signs (U+0600 ARABIC NUMBER SIGN...) are visible and keep their cell. */
    int32_t prepend = u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK) == U_GCB_PREPEND;
    if ((flags & (INKSTONE_SCALAR_NONSPACING_MARK | INKSTONE_SCALAR_CONTROL | INKSTONE_SCALAR_DEFAULT_IGNORABLE |
                  INKSTONE_SCALAR_HANGUL_JAMO_VT)) != 0 ||
        ((flags & INKSTONE_SCALAR_FORMAT) != 0 && !prepend)) {
        flags |= INKSTONE_SCALAR_ZERO_WIDTH;
    }
    return flags;
}
