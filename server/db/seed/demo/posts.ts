import type { DemoPost } from "./types";

export const demoPosts: DemoPost[] = [
  {
    title: "Choosing Dog Toys by Breed Size",
    slug: "choosing-dog-toys-by-breed-size",
    excerpt:
      "A toy that is perfect for a Chihuahua can be a choking hazard for a Labrador. Here is how to match toy size, weight and toughness to your dog.",
    content: `## Why size matters more than you think

When people ask us which toy is "the best", our first answer is always another question: **how big is your dog?** Size affects almost everything about a toy, from how safe it is to how much fun your dog will actually have with it. A ball that a Yorkshire Terrier can barely carry is a swallowing risk for a German Shepherd, and a heavy rubber chew that suits a Rottweiler can be too hard and too awkward for a Pug to enjoy.

This guide walks through the basics we use when we test toys for small, medium and large dogs. If you would rather get a shortlist in two minutes, [take the quiz](/quiz) and we will match toys to your dog's size, age and chewing style.

## The golden rule: bigger than the mouth

The single most important safety check is simple. A toy should be *too large to fit entirely inside your dog's mouth*, and ideally too large to slip behind the back teeth. Balls are the classic problem: a ball that disappears completely into a big dog's mouth can lodge in the throat.

A quick way to check at home:

1. Hold the toy next to your dog's open mouth while they are relaxed.
2. Compare it to the width of the jaw at the back teeth, not the front.
3. If the toy could fit fully inside with room to spare, size up.
4. Repeat the check as a puppy grows, because last month's toy may now be too small.

## Small dogs (under 20 lb)

Small breeds such as Chihuahuas, Shih Tzus, Dachshunds and Miniature Poodles have small jaws and often sensitive teeth. They still love to play hard, but they need toys scaled to them.

### What works well

- **Lightweight plush toys** they can carry, shake and "kill" without straining their necks
- Mini puzzle feeders with shallow compartments
- Soft rubber balls sized for small mouths, but never small enough to swallow
- Short rope toys that are light enough to tug gently

### What to avoid

Very hard chews can be uncomfortable for small dogs and are a common cause of tooth fractures. Long, heavy tug toys can also encourage awkward head-shaking that strains a little neck.

## Medium dogs (20 to 50 lb)

Medium breeds, think Beagles, Border Collies, Cocker Spaniels and Bulldogs, are the most varied group. Two dogs of the same weight can have completely different play styles, so watch *how* your dog plays, not just how much they weigh.

- Herding and sporting breeds often love fetch and flying discs
- Scent hounds such as Beagles tend to adore treat puzzles and snuffle mats
- Bulldog types often chew harder than their size suggests

For medium dogs we recommend owning one toy from each of three families: something to chew, something to chase and something to think about. Rotating them keeps play fresh.

## Large and giant dogs (over 50 lb)

Labradors, German Shepherds, Boxers, Mastiffs and their friends need toys built for serious jaw pressure. Many "large" toys on the market are really just medium toys in bigger packaging, so check wall thickness and material, not only dimensions.

### Our checklist for big dogs

- **Thick natural rubber** or solid, dense materials for chewing
- Balls at least 3 inches across for most large breeds, and larger for giants
- Tug toys with enough length that your hands stay well away from teeth
- Puzzle toys heavy enough that they cannot simply be flipped and shaken open

## Breed traits beyond size

Size gets you most of the way, but breed history fills in the rest. Terriers were bred to dig and shake, retrievers to carry gently, herders to chase and control movement. The AKC's [breed profiles](https://www.akc.org/dog-breeds/) are a good place to read about the original jobs of your dog's breed, and those jobs often predict their favorite games.

Mixed-breed dogs deserve special mention. Go by their adult weight and the play style you actually see. A 40 lb mix who chews like a Pit Bull should be shopping in the power-chewer aisle.

## A final word on supervision

No toy is indestructible, whatever the packaging says. Supervise new toys for the first few sessions, check them regularly for cracks, loose pieces or torn seams, and retire anything that has been worn down to a size your dog could swallow. If you are unsure when a toy has reached the end of its life, read [our guide to toy safety](/guides/dog-toy-safety-when-to-throw-a-toy-away).

Pick the right size, match the toy to your dog's natural instincts, and you will find that a small, well-chosen toy basket beats an overflowing one every time.
`,
    imageUrl: "/images/demo/posts/choosing-dog-toys-by-breed-size.svg",
    postType: "guide",
    publishedAt: "2026-01-05T12:00:00.000Z",
    readingTime: 4,
    category: null,
    authorName: "Pawsome Picks Team",
  },
  {
    title: "Ironjaw Tread Chew Review: Built for Power Chewers",
    slug: "ironjaw-tread-chew-review-built-for-power-chewers",
    excerpt:
      "We handed the Ironjaw Tread Chew to our most destructive testers for six weeks. Here is what survived, what did not, and which dogs it suits.",
    content: `## Overview

If your dog has ever turned a "tough" toy into confetti before lunch, you already know why we test chew toys the way we do. The **Ironjaw Tread Chew** is a dense, tire-shaped ring of natural rubber with deep grooves on the outside and a hollow channel you can smear with a little food. Ironjaw markets it squarely at power chewers, so we gave it to the dogs who break everything.

Our testing panel included a 78 lb American Staffordshire Terrier mix, a 95 lb Rottweiler, a young Labrador who chews out of boredom, and a German Shepherd who prefers to gnaw slowly for long stretches. We used the large size for all four dogs and checked the toy daily for six weeks.

## How we tested

1. We weighed and photographed each toy on day one so we could measure wear.
2. Each dog had supervised sessions of 20 to 40 minutes, four to five times a week.
3. We inspected the grooves, edges and inner channel after every session.
4. We cleaned the toy in a dishwasher top rack and by hand to compare.
5. At the end we compared wear against three other rubber chews from our archive.

## What we liked

- **Genuinely durable.** After six weeks, the Rottweiler had scuffed the outer tread and rounded a few edges, but there were no chunks missing and no cracks.
- **The grooves do real work.** Smearing a thin layer of plain yogurt or wet food into the tread kept the Labrador busy for around 25 minutes, which is longer than most stuffable chews we have tried.
- **A slight give.** The rubber is firm but not rock-hard. You can dent it with a thumbnail, which is a good sign that it is less likely to crack teeth than solid nylon or antler.
- **Easy to clean.** It came out of the dishwasher spotless, with no soap smell lingering in the channel.
- **Bounces unpredictably.** Dropped or thrown, the tread shape makes it hop sideways, which turned it into a surprise fetch toy for the Shepherd.

## What could be better

- The natural rubber has a noticeable smell for the first few days. Washing it twice before first use helped.
- The hollow channel is narrow, so stuffing larger kibble is fiddly. It works best with soft, spreadable fillings.
- It is heavy. That helps with durability, but it hurts when a dog drops it on your bare foot, and it is simply too much toy for dogs under about 30 lb.
- At roughly *twice the price* of a basic rubber chew, it is an investment, although it outlasted every cheaper option in our comparison.

## Safety notes

No chew toy is truly indestructible, and Ironjaw does not claim otherwise, which we appreciate. Keep these habits in place:

- Choose a size your dog cannot fit entirely in its mouth. When in doubt, go up a size.
- Supervise the first several sessions and any session with a new filling.
- Retire the toy if you see cracks, missing pieces or if it wears down enough to be swallowed.
- Count any food fillings as part of your dog's daily calories.

For a wider look at when to throw a chew away, see [our guide to toy safety](/guides/dog-toy-safety-when-to-throw-a-toy-away).

## Who it's for

The Tread Chew is best for **medium to giant dogs who chew hard and often**, particularly dogs who have already destroyed plush and rope toys. It is also a good match for dogs who need something to settle with in a crate or after a walk, especially when the grooves are loaded with a frozen filling.

### Who should skip it

It is *not* the right pick for small breeds, senior dogs with worn or sensitive teeth, or very young puppies whose adult teeth have not come through yet. Those dogs will be happier with something softer.

## Verdict

The Ironjaw Tread Chew does what it says on the box. It survived six weeks with our toughest testers, cleans easily and doubles as an enrichment toy when you add a smear of food. The smell on arrival and the fiddly channel are real but minor complaints.

We rate the Ironjaw Tread Chew **4.5 out of 5** for power chewers. If you are not sure whether your dog counts as a power chewer, [take the quiz](/quiz) and we will point you to the right level of toughness.
`,
    imageUrl: "/images/demo/posts/ironjaw-tread-chew-review-built-for-power-chewers.svg",
    postType: "review",
    reviewedToy: "Ironjaw Tread Chew",
    reviewRating: 4.5,
    publishedAt: "2026-02-09T12:00:00.000Z",
    readingTime: 4,
    category: "Built for Beasts",
    authorName: "Pawsome Picks Team",
  },
  {
    title: "Puzzlepaw Treat Maze Review: A Smart Slow Feeder",
    slug: "puzzlepaw-treat-maze-review-a-smart-slow-feeder",
    excerpt:
      "The Puzzlepaw Treat Maze promises three difficulty levels in one toy. We tested it with a Beagle, a Border Collie and a very food-motivated Pug.",
    content: `## Overview

Treat-dispensing puzzles are one of the easiest ways to add mental exercise to a dog's day, but many of them are either so easy that dogs empty them in seconds or so hard that dogs give up and walk away. The **Puzzlepaw Treat Maze** tries to solve that with a clever design: a flat, round base with a rotating top layer and sliding doors that you can lock or unlock to set the difficulty.

We tested the Treat Maze for four weeks with a Beagle who will do anything for food, a Border Collie who gets bored quickly, and a Pug who prefers to push things with her nose rather than paw at them.

## How it works

The maze has three modes, and switching between them takes a few seconds:

1. **Level one:** the top layer spins freely and the treat wells are open. Dogs just nudge the top to reveal food.
2. **Level two:** sliding doors cover half the wells, so dogs must spin *and* slide.
3. **Level three:** the top is locked until a small lever is pressed, then the doors must be opened one by one.

We started every dog at level one, even the Collie, so they could learn that the toy pays off before it gets harder. That step is easy to skip, and it is the main reason dogs lose interest in puzzle toys.

## What we liked

- **Real progression.** The Beagle cleared level one in under a minute on day one, but level three still took him about eight minutes by the end of week four.
- **Non-slip base.** Rubber feet kept it from sliding across hard floors, which mattered a lot for the Pug's nose-pushing style.
- **No tiny parts.** The doors are large and captive, so they cannot be pulled out and swallowed during normal use.
- **Good for mealtimes.** Each well holds a decent portion of kibble, so you can serve part of a meal through the maze rather than adding extra treats.

## What could be better

- It is made of hard plastic. That is fine for a puzzle, but it is **not a chew toy**, and a determined chewer could damage the edges if left alone with it.
- Cleaning takes effort. The wells need a bottle brush to get wet food out of the corners, and the top layer should be hand washed.
- The lever on level three is stiff at first. Small dogs may need you to loosen it with a few presses before they can manage it.

## Safety and feeding tips

Puzzle toys are fantastic, but a few habits make them safer and more rewarding:

- Always supervise puzzle sessions and pick the toy up when your dog is finished.
- Use your dog's regular kibble or count any extra treats as part of their daily food, so enrichment does not turn into weight gain.
- Stop the session if your dog becomes frustrated, starts chewing the toy or tries to carry it off. Drop back a level next time.
- Wash the toy after each use with wet or raw food to avoid bacteria building up in the wells.

## Who it's for

The Treat Maze is ideal for **food-motivated dogs of all sizes** who need more mental work, including busy young dogs, working breeds on rest days and dogs recovering from an injury who cannot run. The adjustable levels also make it a good pick for senior dogs; see [our guide to keeping a senior dog mentally active](/guides/keeping-a-senior-dog-mentally-active-with-toys) for more ideas.

### Who should skip it

It is less suitable for dogs who chew everything they can reach, unless you are happy to supervise every minute.

## Verdict

The Puzzlepaw Treat Maze is one of the better puzzle toys we have tested because it grows with your dog. The hard plastic and fiddly cleaning are worth knowing about, but the difficulty levels genuinely kept our testers engaged for weeks.

We rate the Puzzlepaw Treat Maze **4.5 out of 5**. Not sure which level of puzzle suits your dog? [Take the quiz](/quiz) for a personalized shortlist.
`,
    imageUrl: "/images/demo/posts/puzzlepaw-treat-maze-review-a-smart-slow-feeder.svg",
    postType: "review",
    reviewedToy: "Puzzlepaw Treat Maze",
    reviewRating: 4.5,
    publishedAt: "2026-03-10T12:00:00.000Z",
    readingTime: 3,
    category: "Brain Games",
    authorName: "Pawsome Picks Team",
  },
  {
    title: "Keeping a Senior Dog Mentally Active with Toys",
    slug: "keeping-a-senior-dog-mentally-active-with-toys",
    excerpt:
      "Older dogs still need play, just a gentler kind. Here is how to use toys, puzzles and short games to keep a senior dog's mind sharp and content.",
    content: `## Older dogs still want to play

It is easy to assume that a gray-muzzled dog who sleeps most of the afternoon has lost interest in toys. In our experience, that is rarely true. Senior dogs often still *want* to play; they simply need games that suit stiffer joints, weaker eyesight and teeth that are not what they used to be.

Mental exercise matters at every age, but it becomes especially valuable as physical exercise decreases. A short puzzle session can tire a senior dog in a satisfying way without pushing sore hips or elbows. This guide covers how to adapt play for older dogs and which toys we find work best.

## Signs your senior dog needs more enrichment

- Pacing, restlessness or night-time wandering
- Barking or whining at nothing in particular
- Licking or chewing paws out of boredom
- Losing interest in surroundings or seeming "switched off"

Some of these signs can also point to pain or age-related conditions, so always mention changes in behavior to your veterinarian. Enrichment works best *alongside* good veterinary care, not instead of it.

## Choosing toys for senior dogs

### Softer materials

Many older dogs have worn, cracked or missing teeth. Swap hard nylon and dense rubber for **softer rubber, fleece and plush toys**, and skip anything hard enough that you could not press a thumbnail into it.

### Easier puzzles

Start with the simplest puzzle setting, even if your dog was a puzzle champion in their youth. Wide, shallow compartments are easier for dogs with reduced vision, and toys with a non-slip base save frustration.

[[toy:snuffle-co-forest-floor-snuffle-mat]]

### High-contrast colors

Dogs see blues and yellows more clearly than reds and greens. A bright blue or yellow toy is easier for an older dog to find on the floor than a red one.

### Lightweight options

Heavy toys can be awkward for dogs with neck or jaw stiffness. Choose something your dog can lift and carry comfortably.

## A simple daily enrichment routine

Short and frequent beats long and tiring. Here is a routine we like for senior dogs:

1. **Morning sniff session (5 minutes).** Scatter a few pieces of kibble in a snuffle mat or across a rug and let your dog search by nose.
2. **Midday puzzle (5 to 10 minutes).** Serve part of lunch or a few treats through an easy puzzle feeder.
3. **Afternoon gentle play (5 minutes).** Roll a soft ball along the floor or play a slow game of find-the-toy in one room.
4. **Evening calm chew (10 minutes).** Offer a soft, food-stuffed toy before bed to encourage settling.

Adjust the timings to your dog. If they lose interest or seem tired, stop while the game is still fun.

## Games that do not need fancy toys

- **Which hand?** Hide a treat in one closed hand and let your dog choose. It is simple, quick and great for focus.
- **Towel roll.** Roll a few treats into an old towel and let your dog unroll it.
- **Name the toy.** Teach your dog the names of two or three toys and ask them to fetch one. Older dogs can still learn new words.
- **Muffin tin hunt.** Put treats in a few cups of a muffin tin and cover them with tennis balls.

## Safety reminders for older dogs

Senior dogs can be more prone to choking if they have trouble chewing, so supervise toy time closely. Keep play on non-slip surfaces to protect weaker joints, and avoid games that involve jumping, sharp turns or stairs. Count any treats used in puzzles as part of the daily food allowance, because older dogs often need fewer calories.

For a more detailed look at puzzle toys, read our [Puzzlepaw Treat Maze review](/reviews/puzzlepaw-treat-maze-review-a-smart-slow-feeder), which covers a feeder with an easy starting level that suits many seniors.

## The bottom line

Aging changes how dogs play, not whether they enjoy it. With softer toys, easier puzzles and a few minutes of focused time each day, most senior dogs stay curious, content and connected to the family. *That* is worth more than any toy on the shelf.
`,
    imageUrl: "/images/demo/posts/keeping-a-senior-dog-mentally-active-with-toys.svg",
    postType: "guide",
    publishedAt: "2026-04-14T12:00:00.000Z",
    readingTime: 3,
    category: "Brain Games",
    authorName: "Pawsome Picks Team",
  },
  {
    title: "Bobbin Buoy Float Review: A Water Toy That Stays Visible",
    slug: "bobbin-buoy-float-review-a-water-toy-that-stays-visible",
    excerpt:
      "A floating fetch toy is only useful if your dog can find it in the waves. We tested the Bobbin Buoy at the lake, the beach and the backyard pool.",
    content: `## Overview

Water-loving dogs go through floating toys at an alarming rate. They sink, they drift out of reach, or they blend into choppy water so well that even a keen Labrador swims in confused circles. The **Bobbin Buoy Float** is a foam-core toy with a tough outer shell, a bright orange and blue color scheme and a short rope tail for easy grabbing and throwing.

We tested it over a summer with two Labrador Retrievers, a Portuguese Water Dog and a Golden Retriever who treats every puddle as an invitation. Testing took place at a calm lake, a surf beach on low-wind days and a backyard pool.

## What we liked

- **It really floats.** The Buoy sits high in the water, even after dozens of retrieves, and it did not become waterlogged over the test period.
- **Highly visible.** The orange and blue panels stood out against both green lake water and gray sea. Dogs see blue and yellow tones more easily than red, and the blue panel made a clear difference on overcast days.
- **Easy to throw.** The rope tail lets you swing it a long way without a launcher, and it keeps your fingers clear of an excited mouth on the return.
- **Soft on the mouth.** The shell has a little give, so it is comfortable for dogs to carry through the water and gentle on teeth.
- **Dries fast.** It was dry within a couple of hours in the sun and did not develop a musty smell.

## What could be better

- It is *not* a chew toy. One of the Labradors started gnawing the rope tail on the shore, and the fibers began to fray within a few minutes. We now put it away once fetch is over.
- The rope knot holds sand, so rinse it with fresh water after beach days.
- In strong wind it drifts faster than you might expect. On breezy days, throw it parallel to the shore rather than out into open water.

## Water safety comes first

A great water toy can make a dog more eager to swim, which is wonderful, but it also means you need to stay alert. Before any water session:

1. **Check the water.** Avoid water with a visible scum, foam or unusual color, as some algae blooms are toxic to dogs.
2. **Use a canine life jacket** for weak swimmers, flat-faced breeds, seniors and any dog in open or moving water.
3. **Throw short at first.** Keep early retrieves close so you can judge how your dog copes with currents and waves.
4. **Offer fresh drinking water** so your dog is less tempted to gulp lake or sea water.
5. **Rest often.** Dogs will keep retrieving long after they are tired. End the session before they do.

After swimming, rinse your dog with clean water and dry their ears well to reduce the chance of ear infections.

## Who it's for

The Bobbin Buoy is best for **medium and large dogs who love to swim and retrieve**, especially retrievers, water dogs and spaniels. It works in the pool, at the lake and at calm beaches. The standard size is too big for most small breeds to carry comfortably, although a small Spaniel mix in our extended group managed it happily.

### Who should skip it

It is not a good choice for dogs who chew toys apart once the game is over. For dogs like that, keep the Buoy strictly as a supervised fetch toy and store it out of reach afterwards. If you are unsure how to spot when a toy has become unsafe, read [our guide to toy safety](/guides/dog-toy-safety-when-to-throw-a-toy-away).

## Verdict

The Bobbin Buoy Float does the two things a water toy must do: it floats reliably and your dog can see it. The rope tail is its best feature and its weak point, so supervise and store it between sessions.

We rate the Bobbin Buoy Float **4 out of 5**. It loses a point for the rope's durability, but for pure water fetch it was the favorite of every dog on our panel.
`,
    imageUrl: "/images/demo/posts/bobbin-buoy-float-review-a-water-toy-that-stays-visible.svg",
    postType: "review",
    reviewedToy: "Bobbin Buoy Float",
    reviewRating: 4,
    publishedAt: "2026-05-19T12:00:00.000Z",
    readingTime: 3,
    category: "Water Toys",
    authorName: "Pawsome Picks Team",
  },
  {
    title: "Dog Toy Safety: When to Throw a Toy Away",
    slug: "dog-toy-safety-when-to-throw-a-toy-away",
    excerpt:
      "Every toy has a lifespan. Learn the warning signs that a chew, ball or plush has become a hazard, and how to build safer play habits at home.",
    content: `## Why toy safety deserves a few minutes of your time

Most dog owners have a toy basket full of well-loved favorites: a ball with a chunk missing, a rope toy that is half its original length, a plush toy that lost its squeaker weeks ago. We understand the urge to keep them. Dogs get attached, and it feels wasteful to throw things away.

But worn toys are one of the most common sources of preventable emergencies. Swallowed pieces of rubber, rope fibers and stuffing can cause choking or intestinal blockages that require surgery. A quick weekly check takes a few minutes and can save a lot of heartache, not to mention a large vet bill.

## The weekly toy check

Once a week, empty the toy basket and go through each item. It helps to do this on the same day each week so it becomes a habit.

1. **Look** for cracks, holes, torn seams and missing pieces.
2. **Squeeze** rubber toys to feel for soft spots or splits below the surface.
3. **Pull** gently on rope ends, tags, ears and any attached parts.
4. **Measure** balls and chews against your dog's mouth. Anything that has worn down to a swallowable size must go.
5. **Sniff** and inspect for mold, especially in hollow toys and anything that has been in water.

## Signs a toy should be thrown away

### Rubber and plastic chews

- Cracks, splits or sharp edges
- Chunks missing, even small ones
- A toy that has become small enough to fit behind your dog's back teeth

### Rope toys

- Loose, long strands that your dog can pull off and swallow
- Knots that are coming undone
- A rope that has become noticeably thin

Rope fibers are a particular concern because long strands can cause a serious type of intestinal blockage. If your dog is shredding rope, switch to supervised tug only.

### Plush toys

- Torn seams or exposed stuffing
- Squeakers that are loose or can be reached
- Missing eyes, noses or decorative pieces

### Balls

- Deep punctures, splits or peeling fuzz on tennis-style balls
- Any ball that your dog can fit entirely into their mouth

## Safer play habits

A few everyday habits make a big difference:

- **Supervise new toys** until you know how your dog plays with them.
- **Rotate toys** weekly. It keeps them interesting and reduces wear on any single toy.
- **Match toughness to chewing style.** Power chewers need toys designed for them; soft plush is a supervised treat, not a crate companion.
- **Wash toys regularly.** Rubber and plastic can usually go in the dishwasher top rack; plush and rope can go in a washing machine on a gentle cycle, then dry fully.
- **Put fetch toys away** after the game. Many fetch and water toys are not built for chewing.

## What to do if your dog swallows part of a toy

Stay calm and call your veterinarian straight away, even if your dog seems fine. Do *not* try to make your dog vomit unless a vet tells you to, because some objects can cause more damage coming back up. Watch for vomiting, drooling, loss of appetite, a tender belly, straining or lethargy, and seek urgent care if you see any of them.

If you suspect your dog has eaten something toxic, such as a toy containing batteries or a chemical product, the [ASPCA Animal Poison Control Center](https://www.aspca.org/pet-care/animal-poison-control) is a valuable resource alongside your own vet.

## When in doubt, throw it out

It is tempting to give a worn toy "just one more week". Our rule is simple: **if you are asking whether it is still safe, it probably is not.** Replacing toys is far cheaper than treating a blockage.

If you are restocking after a clear-out, [take the quiz](/quiz) to find toys that match your dog's size and chewing style, or read [our guide to choosing toys by breed size](/guides/choosing-dog-toys-by-breed-size) for the basics.
`,
    imageUrl: "/images/demo/posts/dog-toy-safety-when-to-throw-a-toy-away.svg",
    postType: "guide",
    publishedAt: "2026-06-23T12:00:00.000Z",
    readingTime: 3,
    category: null,
    authorName: "Pawsome Picks Team",
  },
  {
    title: "Arcline Ball Launcher Review: Longer Throws, Less Slobber",
    slug: "arcline-ball-launcher-review-longer-throws-less-slobber",
    excerpt:
      "A handheld launcher can double your throwing distance and spare your shoulder. We tested the Arcline for a month of park sessions with three fetch fanatics.",
    content: `## Overview

Some dogs would play fetch until the sun goes down, and their owners' throwing arms rarely keep up. A handheld ball launcher is a simple fix: a long arm with a cup at the end that lets you scoop up a ball without touching it and throw it much further with less effort. The **Arcline Ball Launcher** is a mid-priced launcher with an adjustable length, a cushioned grip and a cup designed for standard 2.5-inch balls.

Our testers were a Border Collie, an Australian Shepherd mix and a Labrador, all of whom think fetch is the meaning of life. We used the Arcline for a month of morning and evening park sessions.

## What we liked

- **Real distance.** The least athletic thrower on our team roughly doubled their throwing distance on the first day, with no sore shoulder afterwards.
- **Hands-free pickup.** The cup snaps over a ball on the ground, so nobody has to touch a soggy, muddy ball. This alone won over several family members.
- **Adjustable length.** The shaft extends in three positions. The shortest setting is great for small yards and for children, with supervision.
- **Comfortable grip.** The cushioned handle stayed comfortable in cold and wet weather.
- **Sturdy build.** After a month, including a few accidental drops on concrete, the joints were still tight.

## What could be better

- The cup only fits standard-size balls. If your large dog needs a bigger ball for safety, you will need a larger launcher.
- Accuracy takes practice. Expect a few wild throws into bushes during the first week.
- At full extension it does not fit in a small car trunk without collapsing it first, which takes a little fiddling.

## Fetch safety: more is not always better

A launcher makes it easy to throw further and *more often* than you otherwise would, so it is worth thinking about how much fetch is healthy for your dog.

1. **Warm up first.** Start with a few minutes of walking and short, gentle throws before the long ones.
2. **Keep sessions short.** Several sessions of ten minutes are kinder on joints than one marathon.
3. **Throw along the ground or low** for dogs prone to joint problems, rather than high arcs that encourage leaping and twisting.
4. **Watch the temperature.** Dogs overheat quickly in warm weather. Play in the cooler parts of the day, bring water and stop if your dog is panting heavily or slowing down.
5. **Choose the right ball.** It must be too large to slip fully into your dog's mouth. Replace balls with splits, punctures or worn fuzz.

Young dogs whose joints are still developing and senior dogs with arthritis should play gentler versions of fetch. If you are unsure, ask your veterinarian how much running is right for your dog.

## Who it's for

The Arcline is perfect for **owners of high-energy, ball-obsessed dogs** who want more distance without the shoulder strain, and for anyone who would rather not handle a slobbery ball. It is especially useful in big open spaces like parks and beaches.

### Who should skip it

It is less useful for small dogs who need tiny balls or for giant breeds who need oversized ones, because the cup fits only standard sizes. For help choosing the right ball size, read [our guide to choosing toys by breed size](/guides/choosing-dog-toys-by-breed-size).

## Verdict

The Arcline Ball Launcher is well built, comfortable and genuinely effective. The single cup size is the main limitation, and accuracy takes a little practice, but for standard balls it is one of the most pleasant launchers we have used.

We rate the Arcline Ball Launcher **4.5 out of 5**. Pair it with good fetch habits, plenty of water and rest breaks, and it will make your park sessions more fun for both of you.
`,
    imageUrl: "/images/demo/posts/arcline-ball-launcher-review-longer-throws-less-slobber.svg",
    postType: "review",
    reviewedToy: "Arcline Ball Launcher",
    reviewRating: 4.5,
    publishedAt: "2026-07-28T12:00:00.000Z",
    readingTime: 3,
    category: "Fetch Toys",
    authorName: "Pawsome Picks Team",
  },
  {
    title: "The Puppy Teething Toy Guide for New Owners",
    slug: "the-puppy-teething-toy-guide-for-new-owners",
    excerpt:
      "Teething puppies chew everything in sight. Here is what is happening in that little mouth, which toys actually help and which ones to avoid.",
    content: `## Welcome to the chewing phase

If you have recently brought a puppy home, you may already have lost a shoe, a table leg or a phone charger to those needle-sharp teeth. Take heart: this is completely normal. Puppies explore the world with their mouths, and teething makes the urge to chew even stronger.

The good news is that the right toys, paired with a little management, can protect your belongings and soothe sore gums at the same time. This guide explains what to expect and how to choose teething toys that are *safe* for a growing mouth.

## What is happening during teething

Puppies are born without teeth. Their baby teeth arrive at a few weeks old and are then gradually replaced by adult teeth. For most puppies, the adult teeth come in between roughly three and seven months of age, and that is when chewing tends to peak.

During this time you may notice:

- Intense chewing on anything within reach
- Mild drooling or slightly red gums
- Small baby teeth on the floor or in toys
- More mouthing of hands and clothes during play

If your puppy seems to be in real pain, stops eating, or has a baby tooth still in place next to an adult tooth, speak to your veterinarian.

## What makes a good teething toy

### Softer, flexible materials

Puppy teeth and jaws are still developing. Look for **soft, flexible rubber** made specifically for puppies, rather than the dense rubber or hard nylon designed for adult power chewers. A good test: you should be able to press into the toy with your thumbnail.

### Texture

Nubs, ridges and gentle bristles give sore gums something satisfying to work on.

[[toy:bonecraft-puppy-teething-ring]]

### Cooling

Cold can be soothing for teething gums. Some puppy toys are designed to be chilled in the fridge or freezer; a damp, knotted washcloth frozen for an hour is a classic, cheap alternative. Always supervise, as puppies can tear fabric.

[[toy:wagworks-frozen-teething-bone]]

### The right size

Choose toys your puppy cannot fit entirely in their mouth, and size up as they grow. A toy that was safe at ten weeks can be a choking risk by five months.

## Toys and chews to avoid

- **Very hard chews** such as antlers, hooves, hard nylon bones and cooked bones, which can fracture teeth
- Toys small enough to be swallowed whole
- Plush toys with buttons, plastic eyes or easily reached squeakers, unless closely supervised
- Household items like old shoes or socks, which teach puppies that your belongings are fair game

## A teething survival plan

Toys work best as part of a routine. Here is a simple plan:

1. **Puppy-proof the house.** Put shoes, cables, children's toys and plants out of reach, and use baby gates to limit access.
2. **Keep three or four teething toys in rotation.** Swap them every couple of days so they stay novel.
3. **Redirect, do not scold.** When your puppy chews something off-limits, calmly swap it for a toy and praise them when they chew the toy.
4. **Offer a chilled toy during the witching hour.** Many puppies get bitey in the evening; a cold toy in a quiet spot often helps them settle.
5. **Build in naps.** Overtired puppies chew and nip more. Young puppies need a lot of sleep, so schedule regular rest.

## When to replace teething toys

Puppies can be surprisingly destructive. Check toys every day during peak teething and throw away anything that is cracked, torn or worn down. For a full checklist, see [our guide to toy safety](/guides/dog-toy-safety-when-to-throw-a-toy-away).

## Looking ahead

Teething does end, usually by around seven months, but many dogs remain enthusiastic chewers for life. Once your puppy has their adult teeth, you can gradually move to tougher toys suited to their size and chewing style. To find the right next step, [take the quiz](/quiz) and we will suggest toys for your puppy's age and breed.

Be patient with your puppy and with yourself. With the right toys and a little routine, this chewing phase is *very* manageable.
`,
    imageUrl: "/images/demo/posts/the-puppy-teething-toy-guide-for-new-owners.svg",
    postType: "guide",
    publishedAt: "2026-08-25T12:00:00.000Z",
    readingTime: 3,
    category: "Healthy Toys",
    authorName: "Pawsome Picks Team",
  },
  {
    title: "Snugglemutt Plush Fox Review: A Squeaky Toy Worth Keeping",
    slug: "snugglemutt-plush-fox-review-a-squeaky-toy-worth-keeping",
    excerpt:
      "Most plush toys die within a day. The Snugglemutt Plush Fox claims reinforced seams and a hidden squeaker, so we put that promise to the test.",
    content: `## Overview

Plush squeaky toys are many dogs' absolute favorites and many owners' biggest frustration. They are soft to carry, satisfying to shake and the squeak is irresistible, but a typical plush toy can be reduced to stuffing and a lonely squeaker within an afternoon.

The **Snugglemutt Plush Fox** is a medium-sized, flat-bodied fox with double-stitched seams, a mesh lining under the outer fabric and a single squeaker tucked deep in the chest. It has no stuffing in the legs or tail, which Snugglemutt says makes it harder to tear open. We tested it for five weeks with a Cavalier King Charles Spaniel, a Miniature Schnauzer, a young Boxer and a Golden Retriever who carries soft toys everywhere.

## What we liked

- **Better than average durability.** The Cavalier and the Golden Retriever, both gentle players, showed no damage after five weeks. The Schnauzer loosened one seam on the ear.
- **Comforting to carry.** The floppy, flat shape was a hit with our "carriers". The Golden took it to bed every night.
- **A quieter squeak.** The squeaker is softer in pitch than most, which the humans in our test homes appreciated.
- **Machine washable.** It survived four gentle washes and came out soft, although it took most of a day to air dry fully.
- **Low stuffing.** Because the limbs are unstuffed, there is much less mess if it does tear.

## What could be better

- It is *not* for power chewers. Our young Boxer found the weak spot at the ear seam within twenty minutes and had the squeaker out within the hour. We stopped the test immediately.
- The pale cream fabric on the face gets grubby quickly.
- It is on the expensive side for a plush toy, though cheaper than replacing three budget toys in a month.

## Plush toy safety

Plush toys need a little more attention than rubber ones. Before giving one to your dog:

1. **Know your dog's play style.** Carriers and gentle cuddlers are ideal plush owners. Shredders and dissectors need supervision every time.
2. **Supervise the first sessions** and watch how your dog interacts with seams, ears and tails.
3. **Check the toy daily** for loose threads, open seams and an exposed squeaker.
4. **Remove it immediately** if your dog gets the squeaker out or starts eating fabric or stuffing. Squeakers are a common swallowing hazard.
5. **Wash it regularly,** especially if it is a bed companion.

For more on knowing when to retire a toy, read [our guide to toy safety](/guides/dog-toy-safety-when-to-throw-a-toy-away).

## Who it's for

The Snugglemutt Plush Fox is best for:

- **Gentle players and toy carriers** of all sizes
- Dogs who like a soft toy for comfort at bedtime or in a crate, under supervision
- Senior dogs who can no longer manage hard chews
- Small and medium dogs who enjoy a satisfying shake and squeak

### Who should skip it

It is not suitable for dogs who shred plush toys on sight. If your dog is a determined chewer, a tough rubber chew is a much better choice.

## Verdict

The Snugglemutt Plush Fox is one of the better plush toys we have tested for gentle and moderate players. Its reinforced seams, mesh lining and low-stuffing design make it last longer and fail more safely than typical plush. It is not indestructible, and the Boxer proved that quickly, but it is honest about what it is.

We rate the Snugglemutt Plush Fox **4 out of 5**. If you are unsure whether your dog is a gentle player or a shredder, [take the quiz](/quiz) and we will recommend toys that match.
`,
    imageUrl: "/images/demo/posts/snugglemutt-plush-fox-review-a-squeaky-toy-worth-keeping.svg",
    postType: "review",
    reviewedToy: "Snugglemutt Plush Fox",
    reviewRating: 4,
    publishedAt: "2026-09-29T12:00:00.000Z",
    readingTime: 3,
    category: "Calming Toys",
    authorName: "Pawsome Picks Team",
  },
  {
    title: "Rubber vs Nylon vs Rope Chew Toys: Which Is Best?",
    slug: "rubber-vs-nylon-vs-rope-chew-toys-which-is-best",
    excerpt:
      "Rubber, nylon and rope each have strengths and real drawbacks. We compare durability, safety, cleaning and fun to help you pick the right chew.",
    content: `## Three materials, three very different toys

Walk down any pet store aisle and you will find chew toys made from three main materials: **rubber**, **nylon** and **rope**. They can look similar in size and price, but they behave *very* differently in a dog's mouth. The right choice depends on how your dog chews, how old they are and how closely you can supervise.

We have tested dozens of chews in each category over the years. Here is an honest comparison of what each material does well and where it falls short.

## Rubber chew toys

Natural and synthetic rubber is the most versatile chew material. Good rubber toys are firm but flexible, so they give a little under the teeth.

### Pros

- Gentler on teeth than hard materials
- Often hollow, so they can be stuffed with food for enrichment
- Bounce unpredictably, which makes them good for fetch
- Usually dishwasher safe and easy to clean

### Cons

- Cheaper rubber can tear into chunks under a power chewer
- Some have a strong smell when new
- Food residue inside hollow toys needs regular cleaning

**Best for:** most dogs, from puppies (in softer formulas) to power chewers (in dense formulas). If you only buy one chew, make it a good rubber one. Our [Ironjaw Tread Chew review](/reviews/ironjaw-tread-chew-review-built-for-power-chewers) covers a heavy-duty example.

## Nylon chew toys

Nylon chews are hard, dense toys that dogs slowly wear down, often flavored to encourage chewing.

### Pros

- Very long-lasting for moderate chewers
- Low cost per month of use
- Slow gnawing can satisfy dogs who like to chew for long periods

### Cons

- Hard enough to fracture teeth in some dogs, especially enthusiastic chewers
- Can develop sharp edges or splinter into small pieces as they wear
- Not suitable for stuffing with food or for fetch

**Best for:** steady, moderate chewers who gnaw slowly, with regular checks for sharp edges. We do not recommend hard nylon for puppies or senior dogs with worn teeth.

A helpful rule of thumb used by many vets: if you cannot press your thumbnail into a chew, or it would hurt to be hit on the knee with it, it may be too hard for your dog's teeth.

## Rope toys

Rope toys are made of twisted or braided cotton or synthetic fibers, usually with knots at the ends.

### Pros

- Excellent for tug games and interactive play
- Flexible and light, so gentle on teeth and furniture
- Machine washable

### Cons

- Fibers can be pulled off and swallowed, and long strands can cause serious intestinal blockages
- Not suitable as an unsupervised chew
- Can trap moisture and bacteria if not dried properly

**Best for:** supervised tug and fetch with dogs of all sizes. Put rope toys away when the game ends, especially if your dog likes to pick them apart.

## Side-by-side summary

[[compare:ironjaw-tread-chew,chewforge-nylon-wishbone,wagworks-triple-knot-cotton-rope]]

- **Rubber:** durable in dense formulas, gentle on teeth, often fine for unsupervised chewing, stuffable, dishwasher safe
- **Nylon:** very durable, harder on teeth, fine alone only with care, not stuffable, hand wash
- **Rope:** least durable, gentle on teeth, supervised play only, not stuffable, machine washable

## How to choose

1. **Identify your dog's chewing style.** Gentle nibbler, steady gnawer, or power chewer?
2. **Consider age.** Puppies and seniors generally do best with softer rubber.
3. **Think about supervision.** If your dog will chew alone, choose a durable rubber toy over rope.
4. **Plan for variety.** Many households benefit from one of each: a rubber chew for alone time, a rope for tug and perhaps a nylon for a steady gnawer.

Whatever you choose, check toys weekly and replace them when they are worn. Our [toy safety guide](/guides/dog-toy-safety-when-to-throw-a-toy-away) explains exactly what to look for. Still not sure? [Take the quiz](/quiz) for a shortlist matched to your dog.
`,
    imageUrl: "/images/demo/posts/rubber-vs-nylon-vs-rope-chew-toys-which-is-best.svg",
    postType: "comparison",
    publishedAt: "2026-11-10T12:00:00.000Z",
    readingTime: 3,
    category: "General Toys",
    authorName: "Pawsome Picks Team",
  },
];
