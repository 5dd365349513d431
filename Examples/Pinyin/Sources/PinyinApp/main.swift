// Pinyin, the containing app of the Pinyin keyboard. It has nothing of its own to show:
// the keyboard types in every app, through `appex keyboard try` or the IBus engine.
//
//   pinyin-app   say how to use the keyboard
import Foundation

print("""
    The Pinyin keyboard turns pinyin into hanzi: type the letters, then space (or a number) \
    for a candidate; return types the letters themselves.
      appex keyboard try com.example.pinyin.Keyboard
      appex setup   (registers it with IBus: it is then an input method of every app)
    """)
