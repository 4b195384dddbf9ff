import type { DemoRecommendation } from "./types";

// Every breed has recommendations (issue 26): a demo breed page or breed search with none would
// show a visitor an empty page. The empty states are tested with a breed a test adds.
export const demoRecommendations: DemoRecommendation[] = [
  // Chihuahua (small)
  {
    breed: "Chihuahua",
    toy: "BarkBright Tiny Squeak Hedgehog",
    note: "Sized for toy breeds, so even a 4 lb Chihuahua can carry it and shake it proudly.",
  },
  {
    breed: "Chihuahua",
    toy: "CozyCanine Lavender Sleepy Sheep",
    note: "Light and cuddly for naps, and a nice comfort item for Chihuahuas who dislike being left alone.",
  },
  {
    breed: "Chihuahua",
    toy: "PupLogic Lick & Calm Mat",
    note: "Stick it to the tub to keep a nervous Chihuahua calm and distracted during baths and nail trims.",
  },
  {
    breed: "Chihuahua",
    toy: "PupLogic Pop-Top Treat Pod",
    note: null,
  },

  // Dachshund (small)
  {
    breed: "Dachshund",
    toy: "Snuffle & Co. Hide-a-Squirrel Log",
    note: "Lets a Dachshund's badger-hunting instinct play out by pulling the squirrels from their den.",
  },
  {
    breed: "Dachshund",
    toy: "Snuffle & Co. Forest Floor Snuffle Mat",
    note: "Gives that keen nose a job and channels digging into pawing through fleece instead of your sofa.",
  },
  {
    breed: "Dachshund",
    toy: "Snugglemutt Plush Fox",
    note: "Perfect for the classic shake-and-kill routine, and the unstuffed legs mean less mess if a seam goes.",
  },
  {
    breed: "Dachshund",
    toy: "ChewForge Dental Ridge Chew",
    note: "Dachshunds are prone to dental disease, so a ridged chew between brushings is worth having.",
  },
  {
    breed: "Dachshund",
    toy: "WagWorks Treat Tumbler Ball",
    note: "Rolls along the floor at Dachshund height and slows down speedy eaters at mealtime.",
  },
  {
    breed: "Dachshund",
    toy: "BoneCraft Puppy Teething Ring",
    note: "Sized for a Dachshund puppy's mouth; swap it for an adult chew once the adult teeth are in.",
  },

  // French Bulldog (small)
  {
    breed: "French Bulldog",
    toy: "ChewForge Extreme Stuffable Chew",
    note: "Pick the small size: Frenchies chew harder than they look, and a frozen filling keeps them busy.",
  },
  {
    breed: "French Bulldog",
    toy: "BarkBright Stuffing-Free Raccoon",
    note: "A low-effort tug toy for short play sessions that won't leave fluff everywhere.",
  },
  {
    breed: "French Bulldog",
    toy: "PupLogic Lick & Calm Mat",
    note: "Calm, breathing-friendly enrichment for hot days when running around isn't a good idea.",
  },
  {
    breed: "French Bulldog",
    toy: "PupLogic Dental Brush Chew Stick",
    note: "Crowded teeth in a short muzzle trap plaque, and this rubber stick is kinder to them than hard nylon.",
  },

  // Pug (small)
  {
    breed: "Pug",
    toy: "Puzzlepaw Treat Maze",
    note: "Start on level one; Pugs tend to push with their noses, and the non-slip base keeps it steady.",
  },
  {
    breed: "Pug",
    toy: "Snuffle & Co. Forest Floor Snuffle Mat",
    note: "Serve part of a meal here to slow down a food-obsessed Pug and help keep weight in check.",
  },
  {
    breed: "Pug",
    toy: "CozyCanine Heartbeat Snuggle Puppy",
    note: "Pugs hate being alone, and the heartbeat insert can make quiet time in the crate easier.",
  },
  {
    breed: "Pug",
    toy: "WagWorks Wobble Treat Egg",
    note: null,
  },

  // Shih Tzu (small)
  {
    breed: "Shih Tzu",
    toy: "CozyCanine Heartbeat Snuggle Puppy",
    note: "A companion breed at heart: the heartbeat insert keeps a Shih Tzu settled when you step out.",
  },
  {
    breed: "Shih Tzu",
    toy: "BarkBright Tiny Squeak Hedgehog",
    note: "Small enough for a flat-faced little mouth, and the squeak rewards gentle play.",
  },
  {
    breed: "Shih Tzu",
    toy: "BarkBright Stuffing-Free Raccoon",
    note: "Soft for a gentle chewer, with no stuffing to pull out and swallow.",
  },
  {
    breed: "Shih Tzu",
    toy: "Snuffle & Co. Forest Floor Snuffle Mat",
    note: "Short indoor sniffing sessions suit a Shih Tzu's low exercise needs.",
  },

  // Beagle (medium)
  {
    breed: "Beagle",
    toy: "Snuffle & Co. Forest Floor Snuffle Mat",
    note: "A scent hound's dream: ten minutes of sniffing tires out a Beagle faster than a long walk.",
  },
  {
    breed: "Beagle",
    toy: "Puzzlepaw Treat Maze",
    note: "The three levels keep a food-driven Beagle working for weeks instead of minutes.",
  },
  {
    breed: "Beagle",
    toy: "Snuffle & Co. Hide-a-Squirrel Log",
    note: "Feeds the urge to track and retrieve, and the squeakers reward every find.",
  },
  {
    breed: "Beagle",
    toy: "ChewForge Extreme Stuffable Chew",
    note: "A frozen, stuffed chew is a great boredom-buster for Beagles left home for a few hours.",
  },
  {
    breed: "Beagle",
    toy: "WagWorks Treat Tumbler Ball",
    note: "Turns kibble into a chase-and-sniff game, which suits a Beagle's big appetite.",
  },
  {
    breed: "Beagle",
    toy: "TailQuest Squeaky Tennis Balls (6-Pack)",
    note: null,
  },

  // Border Collie (medium)
  {
    breed: "Border Collie",
    toy: "Arcline Ball Launcher",
    note: "Saves your shoulder when a Border Collie wants fifty more throws, but keep sessions short.",
  },
  {
    breed: "Border Collie",
    toy: "HydroHound Floating Flyer Disc",
    note: "Collies are natural disc dogs, and the soft rubber protects teeth on hard catches.",
  },
  {
    breed: "Border Collie",
    toy: "PupLogic Smart Puzzle Cube Level 3",
    note: "An advanced challenge for the dog who solves beginner puzzles in seconds.",
  },
  {
    breed: "Border Collie",
    toy: "Puzzlepaw Treat Maze",
    note: "Great for rest days after an injury or bad weather, when the brain still needs a workout.",
  },
  {
    breed: "Border Collie",
    toy: "TailQuest Flirt Pole Chaser",
    note: "Taps into herding drive and builds a reliable drop-it cue at the same time.",
  },

  // Cocker Spaniel (medium)
  {
    breed: "Cocker Spaniel",
    toy: "HydroHound Floating Plush Duck",
    note: "Soft-mouthed spaniels love carrying this duck, and it floats for splashy retrieves.",
  },
  {
    breed: "Cocker Spaniel",
    toy: "RuffRiver Flossy Rope Tennis Ball",
    note: "A fun retrieve that flosses teeth, and the rope keeps long ears out of the slobber zone.",
  },
  {
    breed: "Cocker Spaniel",
    toy: "FetchFleet Glow Fetch Balls (3-Pack)",
    note: "The 2-inch size is easy for a Cocker to carry, and the glow keeps evening fetch going.",
  },
  {
    breed: "Cocker Spaniel",
    toy: "Snugglemutt Plush Fox",
    note: "Reinforced seams and a soft squeak suit a spaniel who likes to carry a toy to bed.",
  },

  // Australian Shepherd (medium)
  {
    breed: "Australian Shepherd",
    toy: "TailQuest Flirt Pole Chaser",
    note: "Burns off Aussie energy in a small yard and doubles as impulse-control training.",
  },
  {
    breed: "Australian Shepherd",
    toy: "HydroHound Floating Flyer Disc",
    note: "Aussies excel at disc sports, and this one is soft enough for beginners to catch safely.",
  },
  {
    breed: "Australian Shepherd",
    toy: "PupLogic Smart Puzzle Cube Level 3",
    note: "Gives a busy herding brain a real problem to solve on days without a long hike.",
  },
  {
    breed: "Australian Shepherd",
    toy: "ToughPaw Bouncing Boulder Ball",
    note: "The unpredictable bounce keeps fetch interesting for a dog that anticipates every throw.",
  },
  {
    breed: "Australian Shepherd",
    toy: "Arcline Ball Launcher",
    note: "Adds distance for a dog that could run all day; warm up with short throws first.",
  },

  // Labrador Retriever (large)
  {
    breed: "Labrador Retriever",
    toy: "Bobbin Buoy Float",
    note: "Bright enough for a Lab to spot in choppy water; put it away once fetch is over.",
  },
  {
    breed: "Labrador Retriever",
    toy: "ChewForge Indestructible Ball",
    note: "Survives a Lab's enthusiastic chomping and floats for lake days.",
  },
  {
    breed: "Labrador Retriever",
    toy: "Arcline Ball Launcher",
    note: "Ideal for retrieve-obsessed Labs in big open spaces, and no more handling soggy balls.",
  },
  {
    breed: "Labrador Retriever",
    toy: "Ironjaw Tread Chew",
    note: "Smear the grooves with food and freeze it to keep a bored young Lab happily occupied.",
  },
  {
    breed: "Labrador Retriever",
    toy: "ChewForge Extreme Stuffable Chew",
    note: "Stuff it with part of a meal: Labs are famously food-motivated and prone to weight gain.",
  },
  {
    breed: "Labrador Retriever",
    toy: "RuffRiver Floating Fetch Stick",
    note: null,
  },

  // German Shepherd (large)
  {
    breed: "German Shepherd",
    toy: "ToughPaw Ballistic Floating Tug Bar",
    note: "Two handles keep your hands clear while a Shepherd puts its full strength into tug.",
  },
  {
    breed: "German Shepherd",
    toy: "ToughPaw Titan Chew Bone",
    note: "Suits the slow, steady gnawing many Shepherds settle into after a walk.",
  },
  {
    breed: "German Shepherd",
    toy: "Ironjaw Tread Chew",
    note: "Bounces sideways when dropped, so it doubles as a surprise fetch toy for a working dog.",
  },
  {
    breed: "German Shepherd",
    toy: "PupLogic Smart Puzzle Cube Level 3",
    note: "Gives a working breed the mental job it craves; supervise until the locks are learned.",
  },
  {
    breed: "German Shepherd",
    toy: "BoneCraft Jumbo 4-Knot Tug Rope",
    note: "Long enough for a proper tug game with a big dog without fingers near teeth.",
  },
  {
    breed: "German Shepherd",
    toy: "Snuffle & Co. Forest Floor Snuffle Mat",
    note: "A gentle way to keep an older Shepherd's mind busy once long walks get harder.",
  },

  // Golden Retriever (large)
  {
    breed: "Golden Retriever",
    toy: "Bobbin Buoy Float",
    note: "Goldens treat every puddle as an invitation, and this stays visible on overcast days.",
  },
  {
    breed: "Golden Retriever",
    toy: "BarkBright Tough Seams Octopus",
    note: "A gentle carry-and-cuddle toy for a mouthy Golden, including seniors with softer mouths.",
  },
  {
    breed: "Golden Retriever",
    toy: "CozyCanine Weighted Comfort Bear",
    note: "A soothing companion for older Goldens during storms or fireworks.",
  },
  {
    breed: "Golden Retriever",
    toy: "TailQuest Squeaky Tennis Balls (6-Pack)",
    note: "Fetch staples with gentler felt that won't wear down a retriever's teeth as quickly.",
  },
  {
    breed: "Golden Retriever",
    toy: "HydroHound Floating Flyer Disc",
    note: null,
  },
  {
    breed: "Golden Retriever",
    toy: "Snugglemutt Plush Fox",
    note: "A soft-mouthed Golden can carry it to bed every night; skip it if your dog shreds plush.",
  },

  // Rottweiler (large)
  {
    breed: "Rottweiler",
    toy: "ToughPaw Titan Chew Bone",
    note: "Tough enough for a Rottweiler's jaw; supervise the first sessions and check for gouges.",
  },
  {
    breed: "Rottweiler",
    toy: "Ironjaw Tread Chew",
    note: "Held up to our 95 lb Rottweiler tester for six weeks with only surface scuffs.",
  },
  {
    breed: "Rottweiler",
    toy: "ChewForge Cross-Link Chew Ring",
    note: "One-piece construction means there's no weak joint for a power chewer to work on.",
  },
  {
    breed: "Rottweiler",
    toy: "BoneCraft Textured Antler Alternative",
    note: "A safer swap for real antlers, which can crack teeth under a Rottweiler's bite force.",
  },
  {
    breed: "Rottweiler",
    toy: "BoneCraft Jumbo 4-Knot Tug Rope",
    note: "Built for big pullers; retire it once strands start to shred.",
  },

  // Siberian Husky (medium)
  {
    breed: "Siberian Husky",
    toy: "ToughPaw Ballistic Floating Tug Bar",
    note: "Stands up to a Husky's endless tugging and is sturdy enough for boisterous play.",
  },
  {
    breed: "Siberian Husky",
    toy: "Snuffle & Co. Forest Floor Snuffle Mat",
    note: "Sniff work tires out a Husky's mind on hot days when long runs aren't safe.",
  },
  {
    breed: "Siberian Husky",
    toy: "Ironjaw Tread Chew",
    note: "A go-to for bored Huskies who would otherwise redecorate the furniture.",
  },
  {
    breed: "Siberian Husky",
    toy: "TailQuest Flirt Pole Chaser",
    note: "Lets a Husky sprint flat out in a fenced yard, which is safer than off-leash running.",
  },
  {
    breed: "Siberian Husky",
    toy: "ToughPaw Rock Solid Treat Ball",
    note: null,
  },
];
