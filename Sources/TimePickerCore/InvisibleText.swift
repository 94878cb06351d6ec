/// Whether `scalar` is a format character that draws a sign (the Arabic number sign and its kin,
/// which span the digits after them); other format characters draw nothing.
public func isVisibleFormatCharacter(_ scalar: Unicode.Scalar) -> Bool {
    prependedConcatenationMarkRanges.rangesContain(scalar.value)
}

/// Which characters show nothing where they stand, by Unicode's own lists
/// (`InvisibleCharacterTable.swift`, generated from the Unicode Character Database), and when
/// the invisible ones that emoji are built with (the zero-width joiner, variation selectors,
/// tags) are part of an emoji and so do show.
enum InvisibleText {
    /// Whether `scalars[index]` would be invisible where it stands: a default-ignorable code
    /// point or a format character that draws no sign, outside the emoji it may belong to.
    static func isHidden(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        let scalar = scalars[index]
        let ignorable = defaultIgnorableRanges.rangesContain(scalar.value)
        // Format characters outside Default_Ignorable_Code_Point (interlinear annotation marks,
        // Egyptian hieroglyph format controls) draw nothing either, except the prepended marks.
        guard ignorable || (scalar.properties.generalCategory == .format && !isVisibleFormatCharacter(scalar)) else {
            return false
        }
        switch scalar.value {
        case 0x200D:
            // 👩‍💻: a joiner between two emoji is part of one picture.
            return !(isEmoji(before: index, in: scalars) && index + 1 < scalars.count && isEmoji(scalars[index + 1]))
        case 0xFE0E, 0xFE0F:
            // ❤️, #️⃣: a text or emoji selector after a character that has both styles chooses one.
            return !(index > 0 && isVariationBase(scalars[index - 1]))
        case 0xE0020...0xE007F:
            // 🏴 followed by tags and a cancel tag is a subdivision flag (Scotland, Wales).
            return !isInFlagTagSequence(at: index, in: scalars)
        default:
            return true
        }
    }

    /// An emoji other than the ASCII digits and signs that also have emoji forms.
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F && scalar.properties.isEmoji
    }

    /// Whether the scalar before `index`, past skin-tone modifiers and an emoji selector that
    /// belongs to the character before it, is an emoji. A selector that does not belong there
    /// is hidden itself, and a joiner after it would join nothing that shows.
    private static func isEmoji(before index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        var position = index - 1
        while position >= 0 {
            if (0x1F3FB...0x1F3FF).contains(scalars[position].value) {
                position -= 1
            } else if scalars[position].value == 0xFE0F, position > 0, isVariationBase(scalars[position - 1]) {
                position -= 1
            } else {
                break
            }
        }
        return position >= 0 && isEmoji(scalars[position])
    }

    /// Whether a text or emoji selector after `scalar` chooses how it shows.
    private static func isVariationBase(_ scalar: Unicode.Scalar) -> Bool {
        emojiVariationBaseRanges.rangesContain(scalar.value)
    }

    /// Whether the tag at `index` follows 🏴 through tags only.
    private static func isInFlagTagSequence(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        var position = index - 1
        while position >= 0, (0xE0020...0xE007E).contains(scalars[position].value) { position -= 1 }
        return position >= 0 && scalars[position].value == 0x1F3F4
    }
}
