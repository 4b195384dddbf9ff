import type { DemoBreed } from "./types";

export const demoBreeds: DemoBreed[] = [
  {
    name: "Chihuahua",
    size: "small",
    description:
      "Chihuahuas are bold, loyal little dogs that often bond closely with one person. Their energy is easily burned off indoors, and they do best with tiny, lightweight toys that fit their small mouths.",
    imageUrl: "/images/demo/breeds/chihuahua.svg",
  },
  {
    name: "Dachshund",
    size: "small",
    description:
      "Dachshunds were bred to hunt badgers, so they are curious, stubborn and surprisingly tenacious for their size. They love to dig, burrow and hunt down squeaky toys, and many are keen chewers. Keep play low to the ground to protect their long backs.",
    imageUrl: "/images/demo/breeds/dachshund.svg",
  },
  {
    name: "French Bulldog",
    size: "small",
    description:
      "French Bulldogs are affectionate, playful companions with fairly low exercise needs. Their flat faces make them prone to overheating, so short play sessions and easy-to-grip toys work best. Many Frenchies are surprisingly strong chewers for their size.",
    imageUrl: "/images/demo/breeds/french-bulldog.svg",
  },
  {
    name: "Pug",
    size: "small",
    description:
      "Pugs are charming, people-loving clowns that would rather play with you than on their own. Their modest energy and flat faces limit strenuous exercise, so soft toys and food puzzles suit them well. Puzzles also help with their tendency to put on weight.",
    imageUrl: "/images/demo/breeds/pug.svg",
  },
  {
    name: "Shih Tzu",
    size: "small",
    description:
      "Shih Tzus were bred as companion dogs and are friendly, gentle and happy to spend the day close to their people. Their exercise needs are low, and most prefer soft plush toys and short indoor play sessions. They are generally gentle chewers.",
    imageUrl: "/images/demo/breeds/shih-tzu.svg",
  },
  {
    name: "Beagle",
    size: "medium",
    description:
      "Beagles are friendly, curious scent hounds that follow their noses everywhere. They have plenty of energy and a big appetite, which makes snuffle mats and treat puzzles a great outlet. Bored Beagles can turn into persistent chewers and howlers.",
    imageUrl: "/images/demo/breeds/beagle.svg",
  },
  {
    name: "Border Collie",
    size: "medium",
    description:
      "Border Collies are exceptionally intelligent herding dogs that need both physical and mental work every day. They excel at fetch, disc games and puzzle toys. Without enough stimulation they can become restless and destructive.",
    imageUrl: "/images/demo/breeds/border-collie.svg",
  },
  {
    name: "Cocker Spaniel",
    size: "medium",
    description:
      "Cocker Spaniels are gentle, cheerful sporting dogs that love to carry things in their mouths. They have moderate energy and enjoy retrieving games, soft toys and daily walks. Most are moderate chewers.",
    imageUrl: "/images/demo/breeds/cocker-spaniel.svg",
  },
  {
    name: "Australian Shepherd",
    size: "medium",
    description:
      "Australian Shepherds are energetic, quick-witted herding dogs that thrive when they have a job to do. They need vigorous daily exercise plus mental challenges like puzzles and training games. Fetch, flirt poles and tug are firm favorites.",
    imageUrl: "/images/demo/breeds/australian-shepherd.svg",
  },
  {
    name: "Labrador Retriever",
    size: "large",
    description:
      "Labrador Retrievers are friendly, outgoing and famously food-motivated. Bred to retrieve, they love fetch and swimming, and many stay enthusiastic chewers well past puppyhood. Durable fetch and water toys are a natural fit.",
    imageUrl: "/images/demo/breeds/labrador-retriever.svg",
  },
  {
    name: "German Shepherd",
    size: "large",
    description:
      "German Shepherds are loyal, confident working dogs with high energy and a strong drive to work alongside their people. They need daily exercise and mental tasks, and their powerful jaws call for tough chew and tug toys.",
    imageUrl: "/images/demo/breeds/german-shepherd.svg",
  },
  {
    name: "Golden Retriever",
    size: "large",
    description:
      "Golden Retrievers are gentle, eager-to-please family dogs with plenty of energy. They love to retrieve, swim and carry soft toys around the house, often well into their senior years. Many are mouthy and enjoy a good chew.",
    imageUrl: "/images/demo/breeds/golden-retriever.svg",
  },
  {
    name: "Rottweiler",
    size: "large",
    description:
      "Rottweilers are calm, confident and devoted guardians with a powerful build. They need regular exercise and consistent training. Their strong jaws make many of them power chewers that quickly destroy flimsy toys.",
    imageUrl: "/images/demo/breeds/rottweiler.svg",
  },
  {
    name: "Siberian Husky",
    size: "medium",
    description:
      "Siberian Huskies are friendly, independent sled dogs with tremendous stamina. They bore easily and can become destructive chewers and diggers without enough exercise. Tough tug toys and food puzzles help channel their energy.",
    imageUrl: "/images/demo/breeds/siberian-husky.svg",
  },
];
