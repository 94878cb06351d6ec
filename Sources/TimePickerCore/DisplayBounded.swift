/// `text` made display-safe (`displaySafe`) and at most `maxScalars` Unicode scalars long, an
/// ellipsis in place of what was cut: the one bound on a name, title or reason that someone
/// else chose (an app's name, a backend's reason, a dialog's heading).
///
/// Scalars, not Characters: one Character may carry any number of combining marks (an `F` and
/// 30,000 of them is one Character, 60 KB), which a count of Characters lets through whole into
/// every terminal frame, notification body and dialog label. Only the scalars that may be kept,
/// and one more, are read. The cut falls between Characters when the kept scalars hold more
/// than one; a first Character longer than the bound is cut inside, keeping its base.
public func displayBounded(_ text: String, maxScalars: Int) -> String {
    let limit = max(maxScalars, 1)
    let head = text.unicodeScalars.prefix(limit + 1)
    guard head.count > limit else { return displaySafe(text) }
    var kept = String(String.UnicodeScalarView(head.prefix(limit - 1)))
    // The next scalar joining the last Character kept means the cut split that Character.
    let next = String(String.UnicodeScalarView(head.dropFirst(limit - 1).prefix(1)))
    if kept.count > 1, (kept + next).count == kept.count { kept.removeLast() }
    return displaySafe(kept) + "…"
}

/// The most Unicode scalars shown of a reason someone else gave (a backend's, a cancelled
/// session's): enough for any sentence, a few hundred bytes however it is composed.
public let maxShownReasonScalars = 200
