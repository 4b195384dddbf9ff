import type { DemoCategory } from "./types";

export const demoCategories: DemoCategory[] = [
  {
    id: 1,
    name: "Healthy Toys",
    description: "Toys that support dental health, gentle exercise and good chewing habits.",
    icon: "heart-pulse",
    imageUrl: null,
  },
  {
    id: 2,
    name: "Brain Games",
    description: "Puzzle toys, snuffle mats and treat dispensers that give clever dogs a mental workout.",
    icon: "brain",
    imageUrl: null,
  },
  {
    id: 3,
    name: "Built for Beasts",
    description: "Heavy-duty chews and tug toys made to survive strong jaws and determined power chewers.",
    icon: "shield",
    imageUrl: null,
  },
  {
    id: 4,
    name: "Water Toys",
    description: "Floating, high-visibility toys for dogs who love the pool, the lake or the beach.",
    icon: "droplets",
    imageUrl: null,
  },
  {
    id: 5,
    name: "Fetch Toys",
    description: "Balls, discs and launchers for dogs who would happily chase and retrieve all day.",
    icon: "target",
    imageUrl: null,
  },
  {
    id: 6,
    name: "Calming Toys",
    description: "Comforting plush, lick mats and soothing chews that help anxious dogs settle down.",
    icon: "moon",
    imageUrl: null,
  },
  {
    id: 7,
    name: "Easy to Clean",
    description: "Dishwasher-safe and machine-washable toys that rinse clean after messy play.",
    icon: "sparkles",
    imageUrl: null,
  },
  {
    id: 8,
    name: "General Toys",
    description: "Everyday squeakers, plush buddies and tug ropes for all-round play at home.",
    icon: "dog",
    imageUrl: null,
  },
];
