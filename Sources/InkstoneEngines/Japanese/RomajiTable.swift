/// The romaji → kana rules of the Japanese engine: a data table in the style of
/// mozc's `romanji-hiragana.tsv` (`input output [pending]`), covering Hepburn,
/// Kunrei and Nihon-shiki spellings, `n'`/`nn`, doubled consonants (`kk` → っ with
/// `k` left pending), small kana (`xa`/`la`, `xtu`/`ltu`), `-` → ー and Japanese
/// punctuation.
///
/// Matching is by longest prefix with an explicit pending string (see ``RomajiComposer``).
public struct RomajiTable: Sendable {
    /// One rule: typing ``input`` yields ``output`` and leaves ``pending`` to be typed on.
    public struct Rule: Hashable, Sendable {
        /// The romaji keys.
        public let input: String
        /// The kana (or symbol) they produce.
        public let output: String
        /// Keys left pending after the output (`kk` → っ, pending `k`).
        public let pending: String
    }

    /// The rules, in the order given (a later rule for the same input wins).
    public let rules: [Rule]
    private let rulesByInput: [String: Rule]
    private let prefixes: Set<String>

    /// A table of `rules`; a later rule for the same input replaces an earlier one.
    public init(rules: [Rule]) {
        var byInput: [String: Rule] = [:]
        var prefixes: Set<String> = []
        for rule in rules {
            byInput[rule.input] = rule
            var prefix = ""
            for character in rule.input.dropLast() {
                prefix.append(character)
                prefixes.insert(prefix)
            }
        }
        rulesByInput = byInput
        self.rules = rules
        self.prefixes = prefixes
    }

    /// The rule for exactly `input`, if any.
    public func rule(for input: String) -> Rule? { rulesByInput[input] }

    /// Whether some rule's input is longer than `input` and starts with it.
    public func isProperPrefix(_ input: String) -> Bool { prefixes.contains(input) }

    /// The number of rules.
    public var count: Int { rulesByInput.count }

    /// The stock table.
    public static let standard = RomajiTable(rules: parse(standardRules))

    /// Rules from lines of `input output [pending]` separated by spaces or tabs;
    /// blank lines and lines starting with `#` are skipped.
    public static func parse(_ text: String) -> [Rule] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard fields.count >= 2, !fields[0].hasPrefix("#") else { return nil }
            return Rule(input: fields[0], output: fields[1], pending: fields.count > 2 ? fields[2] : "")
        }
    }

    /// The stock rules.
    static let standardRules = """
        a あ
        i い
        u う
        e え
        o お
        ka か
        ki き
        ku く
        ke け
        ko こ
        kya きゃ
        kyi きぃ
        kyu きゅ
        kye きぇ
        kyo きょ
        kwa くゎ
        ga が
        gi ぎ
        gu ぐ
        ge げ
        go ご
        gya ぎゃ
        gyi ぎぃ
        gyu ぎゅ
        gye ぎぇ
        gyo ぎょ
        gwa ぐゎ
        sa さ
        si し
        shi し
        su す
        se せ
        so そ
        sya しゃ
        syi しぃ
        syu しゅ
        sye しぇ
        syo しょ
        sha しゃ
        shu しゅ
        she しぇ
        sho しょ
        za ざ
        zi じ
        zu ず
        ze ぜ
        zo ぞ
        zya じゃ
        zyi じぃ
        zyu じゅ
        zye じぇ
        zyo じょ
        ja じゃ
        ji じ
        ju じゅ
        je じぇ
        jo じょ
        jya じゃ
        jyi じぃ
        jyu じゅ
        jye じぇ
        jyo じょ
        ta た
        ti ち
        chi ち
        tu つ
        tsu つ
        te て
        to と
        tya ちゃ
        tyi ちぃ
        tyu ちゅ
        tye ちぇ
        tyo ちょ
        cha ちゃ
        chu ちゅ
        che ちぇ
        cho ちょ
        cya ちゃ
        cyi ちぃ
        cyu ちゅ
        cye ちぇ
        cyo ちょ
        tsa つぁ
        tsi つぃ
        tse つぇ
        tso つぉ
        tha てゃ
        thi てぃ
        thu てゅ
        the てぇ
        tho てょ
        twu とぅ
        da だ
        di ぢ
        du づ
        de で
        do ど
        dya ぢゃ
        dyi ぢぃ
        dyu ぢゅ
        dye ぢぇ
        dyo ぢょ
        dha でゃ
        dhi でぃ
        dhu でゅ
        dhe でぇ
        dho でょ
        dwu どぅ
        na な
        ni に
        nu ぬ
        ne ね
        no の
        nya にゃ
        nyi にぃ
        nyu にゅ
        nye にぇ
        nyo にょ
        n ん
        n' ん
        nn ん
        xn ん
        # A doubled n before a vowel or y is ん followed by the n-kana (onna → おんな).
        nna んな
        nni んに
        nnu んぬ
        nne んね
        nno んの
        nnya んにゃ
        nnyi んにぃ
        nnyu んにゅ
        nnye んにぇ
        nnyo んにょ
        ha は
        hi ひ
        hu ふ
        fu ふ
        he へ
        ho ほ
        hya ひゃ
        hyi ひぃ
        hyu ひゅ
        hye ひぇ
        hyo ひょ
        fa ふぁ
        fi ふぃ
        fe ふぇ
        fo ふぉ
        fya ふゃ
        fyu ふゅ
        fyo ふょ
        ba ば
        bi び
        bu ぶ
        be べ
        bo ぼ
        bya びゃ
        byi びぃ
        byu びゅ
        bye びぇ
        byo びょ
        pa ぱ
        pi ぴ
        pu ぷ
        pe ぺ
        po ぽ
        pya ぴゃ
        pyi ぴぃ
        pyu ぴゅ
        pye ぴぇ
        pyo ぴょ
        ma ま
        mi み
        mu む
        me め
        mo も
        mya みゃ
        myi みぃ
        myu みゅ
        mye みぇ
        myo みょ
        ya や
        yi い
        yu ゆ
        ye いぇ
        yo よ
        ra ら
        ri り
        ru る
        re れ
        ro ろ
        rya りゃ
        ryi りぃ
        ryu りゅ
        rye りぇ
        ryo りょ
        wa わ
        wi うぃ
        wu う
        we うぇ
        wo を
        wyi ゐ
        wye ゑ
        wha うぁ
        whi うぃ
        whu う
        whe うぇ
        who うぉ
        va ゔぁ
        vi ゔぃ
        vu ゔ
        ve ゔぇ
        vo ゔぉ
        vya ゔゃ
        vyu ゔゅ
        vyo ゔょ
        qa くぁ
        qi くぃ
        qu く
        qe くぇ
        qo くぉ
        ca か
        ci し
        cu く
        ce せ
        co こ
        xa ぁ
        xi ぃ
        xu ぅ
        xe ぇ
        xo ぉ
        la ぁ
        li ぃ
        lu ぅ
        le ぇ
        lo ぉ
        xya ゃ
        xyu ゅ
        xyo ょ
        lya ゃ
        lyu ゅ
        lyo ょ
        xtu っ
        xtsu っ
        ltu っ
        ltsu っ
        xwa ゎ
        lwa ゎ
        xka ヵ
        xke ヶ
        lka ヵ
        lke ヶ
        # Doubled consonants: っ, the second letter stays pending.
        kk っ k
        gg っ g
        ss っ s
        zz っ z
        jj っ j
        tt っ t
        tch っ ch
        cc っ c
        dd っ d
        hh っ h
        ff っ f
        bb っ b
        pp っ p
        mm っ m
        yy っ y
        rr っ r
        ww っ w
        vv っ v
        qq っ q
        # Long vowel mark and punctuation.
        - ー
        , 、
        . 。
        [ 「
        ] 」
        ~ 〜
        ? ？
        ! ！
        / ・
        z/ ・
        z. …
        z, ‥
        z- 〜
        z[ 『
        z] 』
        zh ←
        zj ↓
        zk ↑
        zl →
        """
}
