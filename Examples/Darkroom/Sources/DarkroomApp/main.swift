// Darkroom, the containing app of the Sepia photo editor. It has nothing of its own to
// show: Photos-like hosts (`appex edit`) run its editor.
//
//   darkroom-app   say how to use the editor
import Foundation

print("""
    Darkroom's Sepia editor tones a photo sepia; each edit adds a quarter of strength, \
    resuming from the last one without toning the photo twice:
      appex edit PHOTO --with com.example.darkroom.Sepia
      appex edit PHOTO --revert
    """)
