import type { DemoTestimonial } from "./types";

export const demoTestimonials: DemoTestimonial[] = [
  {
    name: "Maria G.",
    dogBreed: "Labrador Retriever",
    content:
      "Our Lab, Biscuit, had shredded every 'tough' toy we bought within a day. The power-chewer quiz pointed us to a dense rubber chew, and three months later it is still in one piece.",
    rating: 5,
    imageUrl: "/images/demo/people/maria-g.svg",
  },
  {
    name: "Tom H.",
    dogBreed: "Beagle",
    content:
      "Rosie is ruled by her nose, and she used to inhale her dinner in about ten seconds. The puzzle feeder you recommended slowed her down to a proper ten-minute meal, and she is much calmer in the evenings.",
    rating: 5,
    imageUrl: "/images/demo/people/tom-h.svg",
  },
  {
    name: "Aisha K.",
    dogBreed: "French Bulldog",
    content:
      "I had no idea some chews were too hard for a Frenchie's teeth until I read your comparison of rubber, nylon and rope. We swapped to a softer rubber toy and Louis loves it just as much. I'd have liked more options for flat-faced breeds, though.",
    rating: 4,
    imageUrl: "/images/demo/people/aisha-k.svg",
  },
  {
    name: "Daniel R.",
    dogBreed: "Border Collie",
    content:
      "Skye would chase a ball until she dropped, and my shoulder was giving up before she did. The launcher review and its fetch safety tips changed how we play: shorter sessions, more water breaks and a much happier dog.",
    rating: 5,
    imageUrl: "/images/demo/people/daniel-r.svg",
  },
  {
    name: "Linda P.",
    dogBreed: "German Shepherd",
    content:
      "Max is twelve now and had stopped playing altogether. The senior dog guide gave us a simple daily routine with a snuffle mat and an easy puzzle, and he has his spark back.",
    rating: 5,
    imageUrl: "/images/demo/people/linda-p.svg",
  },
  {
    name: "Chris W.",
    dogBreed: "Dachshund",
    content:
      "The teething guide got us through Pretzel's puppy months with only one casualty, a slipper. The frozen washcloth trick worked better than anything we bought, although the first toy we tried was a bit big for her tiny mouth.",
    rating: 4,
    imageUrl: "/images/demo/people/chris-w.svg",
  },
];
