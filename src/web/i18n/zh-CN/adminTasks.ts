/** Admin console texts of this area (part 2 §2, §5, §8) */
export default {
  title: '',
};
