import { Brain, Dog, Droplets, HeartPulse, type LucideIcon, Moon, Shield, Sparkles, Target } from "lucide-react";

// Icons by the spec's known category names, then by the category's icon field; a dog
// for anything else.
const BY_NAME: Record<string, LucideIcon> = {
  "healthy toys": HeartPulse,
  "brain games": Brain,
  "built for beasts": Shield,
  "calming toys": Moon,
  "easy to clean": Sparkles,
  "general toys": Dog,
  "water toys": Droplets,
  "fetch toys": Target,
};

const BY_ICON: Record<string, LucideIcon> = {
  "heart-pulse": HeartPulse,
  heart: HeartPulse,
  brain: Brain,
  puzzle: Brain,
  shield: Shield,
  moon: Moon,
  sparkles: Sparkles,
  dog: Dog,
  droplets: Droplets,
  water: Droplets,
  target: Target,
};

export function categoryIcon(category: { name: string; icon: string | null }): LucideIcon {
  return BY_NAME[category.name.trim().toLowerCase()] ?? BY_ICON[(category.icon ?? "").trim().toLowerCase()] ?? Dog;
}
