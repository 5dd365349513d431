// The keyboard's dictionary: a few hundred common characters by syllable, most frequent
// first, and two-character words, which also rank a character that follows the one before
// the insertion point (documentContextBeforeInput).

enum PinyinTable {
    /// Characters by syllable, most frequent first.
    static let characters: [String: [String]] = [
        "a": ["啊", "阿"], "ai": ["爱", "在", "哀"], "an": ["安", "按", "暗"], "ba": ["把", "吧", "八", "爸"],
        "bai": ["白", "百", "拜"], "ban": ["办", "半", "班"], "bao": ["报", "包", "保"], "bei": ["被", "北", "备"],
        "ben": ["本", "奔"], "bi": ["比", "必", "笔"], "bian": ["边", "变", "便"], "bu": ["不", "步", "部"],
        "cai": ["才", "菜", "采"], "chang": ["长", "常", "场"], "chi": ["吃", "持", "迟"], "da": ["大", "打", "答"],
        "dao": ["到", "道", "倒"], "de": ["的", "得", "地", "德"], "di": ["地", "第", "弟"], "dian": ["点", "电", "店"],
        "dong": ["东", "动", "懂"], "dou": ["都", "斗"], "dui": ["对", "队"], "duo": ["多", "朵"],
        "er": ["而", "二", "儿"], "fa": ["发", "法"], "fang": ["方", "放", "房"], "fei": ["非", "飞", "费"],
        "fen": ["分", "份"], "gao": ["高", "告"], "ge": ["个", "歌", "哥"], "gei": ["给"], "gong": ["工", "公", "共"],
        "guo": ["过", "国", "果"], "hai": ["还", "海", "孩"], "han": ["汉", "好"], "hao": ["好", "号"],
        "he": ["和", "喝", "合", "河"], "hen": ["很", "恨"], "hou": ["后", "候"], "hua": ["话", "花", "化"],
        "hui": ["会", "回"], "jia": ["家", "加", "假"], "jian": ["见", "间", "件"], "jiao": ["叫", "教", "觉"],
        "jin": ["进", "今", "近"], "jing": ["经", "京", "静"], "jiu": ["就", "九", "酒"], "kai": ["开"],
        "kan": ["看"], "ke": ["可", "课", "客"], "lai": ["来"], "le": ["了", "乐"], "li": ["里", "理", "力"],
        "ma": ["吗", "妈", "马"], "mei": ["没", "美", "每"], "men": ["们", "门"], "mian": ["面"], "ming": ["名", "明"],
        "na": ["那", "拿", "哪"], "ne": ["呢"], "neng": ["能"], "ni": ["你", "呢"], "nian": ["年"], "nin": ["您"],
        "peng": ["朋"], "pin": ["拼", "品"], "qi": ["起", "其", "气"], "qian": ["前", "钱"], "qing": ["请", "情", "清"],
        "qu": ["去", "区"], "ren": ["人", "认"], "ri": ["日"], "ru": ["如", "入"], "shang": ["上", "商"],
        "shao": ["少"], "shen": ["什", "身", "深"], "sheng": ["生", "声"], "shi": ["是", "时", "事", "十"],
        "shu": ["书", "输", "数"], "shuo": ["说"], "ta": ["他", "她", "它"], "tian": ["天", "田"], "wai": ["外"],
        "wan": ["完", "玩", "晚"], "wen": ["问", "文"], "wo": ["我"], "xi": ["西", "洗", "喜"], "xia": ["下", "夏"],
        "xian": ["先", "现"], "xiang": ["想", "向"], "xiao": ["小", "笑"], "xie": ["写", "谢", "些"], "xin": ["新", "心"],
        "xue": ["学", "雪"], "yao": ["要"], "ye": ["也", "夜"], "yi": ["一", "以", "已", "意"], "yin": ["音", "因"],
        "you": ["有", "又", "友"], "yu": ["语", "雨", "于"], "yue": ["月", "越"], "zai": ["在", "再"],
        "zao": ["早"], "zen": ["怎"], "zhe": ["这", "着"], "zhi": ["只", "知", "之"], "zhong": ["中", "种", "重"],
        "zi": ["字", "子", "自"], "zuo": ["做", "作", "坐"],
    ]

    /// Words by their pinyin, without spaces.
    static let words: [String: [String]] = [
        "nihao": ["你好"], "women": ["我们"], "nimen": ["你们"], "tamen": ["他们", "她们"], "zhongguo": ["中国"],
        "zhongwen": ["中文"], "hanyu": ["汉语"], "pinyin": ["拼音"], "shurufa": ["输入法"], "xiexie": ["谢谢"],
        "pengyou": ["朋友"], "xuesheng": ["学生"], "laoshi": ["老师"], "jintian": ["今天"], "mingtian": ["明天"],
        "xianzai": ["现在"], "shenme": ["什么"], "zenme": ["怎么"], "keyi": ["可以"], "yijing": ["已经"],
        "beijing": ["北京"], "dianhua": ["电话"], "wenti": ["问题"], "shijian": ["时间"], "gongzuo": ["工作"],
        "zaijian": ["再见"], "duibuqi": ["对不起"], "meiguanxi": ["没关系"], "xihuan": ["喜欢"], "zhidao": ["知道"],
    ]

    /// Every word, for ranking a character by the one before it.
    static let wordSet: Set<String> = Set(words.values.joined())

    /// The syllables, longest first, for splitting what was typed.
    static let syllables: [String] = characters.keys.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
}
